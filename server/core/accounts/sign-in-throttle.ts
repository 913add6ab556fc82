/**
 * Brakes on password guessing, counted before the password is checked: `reserve` books the attempt as
 * a failure up front and only a verified password gives it back, so forty guesses sent at once are
 * judged against the count of the ones before them, not after the hashes have run.
 *
 * - Per account and address: the first LOGIN_FREE_FAILURES failures are free (a shopper who mistypes
 *   never notices); after that each attempt must wait 1 s, 2 s, 4 s … (at most 15 min) after the
 *   previous one. A delay, not a lockout: an attacker elsewhere cannot keep the real owner out, because
 *   the owner's own address has its own count, and a success clears that count.
 * - Per address: at most LOGIN_DAILY_FAILURES failures in a day window, whatever the accounts, so one
 *   address cannot walk through a list of e-mails. Successes are never counted, so a carrier NAT full
 *   of shoppers signing in normally never reaches it.
 * Kept in a ThrottleStore (ports.ts): this process's memory, bounded (oldest keys dropped first: an
 * eviction only forgets counts), or the PostgreSQL table every instance shares, so a guesser spreading
 * attempts over the instances behind a proxy gets the same brake as against one. All of it is the
 * 'sign-in' kind there, bounded apart from the request budgets (orders never wait behind sign-ins),
 * and an address flooding sign-ins is turned away in memory first (api/flood-guard.ts).
 */
import type { Clock, ThrottleStore } from '../ports';
import { createFloodGuard } from '../api/flood-guard';
import { createMemoryThrottles } from '../api/throttle-store';

export const LOGIN_FREE_FAILURES = 10;
export const LOGIN_BASE_DELAY_MS = 1000;
export const LOGIN_MAX_DELAY_MS = 15 * 60 * 1000;
export const LOGIN_DAILY_FAILURES = 100;
export const LOGIN_DAY_MS = 24 * 60 * 60 * 1000;

interface PairCount {
  /** Failures since the last success, in-flight attempts included. */
  failures: number;
  /** When the last attempt started or failed, whichever is later. */
  lastAt: number;
  /** Attempts booked so far, so a given-back attempt can tell whether it was the latest. */
  attempts: number;
}

interface AddressWindow {
  failures: number;
  resetAt: number;
}

/** One reserved attempt: settle it exactly once (later calls do nothing). */
export interface LoginTicket {
  /** The password was right: the attempt and the pair's earlier failures are forgotten. */
  succeeded(): Promise<void>;
  /** The password was wrong: the attempt stays counted and the next delay starts now. */
  failed(): Promise<void>;
  /** Not checked at all (the hasher was busy): the attempt is given back. */
  cancel(): Promise<void>;
}

/** The wait after `failures` failures: none while free, then doubling from 1 s up to the cap. */
export function loginDelayMs(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(
    LOGIN_BASE_DELAY_MS * 2 ** Math.min(failures - LOGIN_FREE_FAILURES, 30),
    LOGIN_MAX_DELAY_MS,
  );
}

const SIGN_IN = { kind: 'sign-in' } as const;
/** Updates that finish an admitted attempt: never refused by a busy store (ports.ts ThrottleStore). */
const SETTLE = { kind: 'sign-in', settle: true } as const;

export function createLoginThrottle(
  clock: Clock,
  store: ThrottleStore = createMemoryThrottles(clock),
  guard = createFloodGuard(clock),
) {
  /** Gives one booked failure back to the address's window (a refused or cancelled attempt, a success). */
  const giveBack = (addressKey: string) =>
    store.update<AddressWindow, void>(
      addressKey,
      (w) => ({
        next: w && { ...w, failures: Math.max(0, w.failures - 1) },
        expiresAt: w?.resetAt ?? 0,
        result: undefined,
      }),
      SETTLE,
    );

  /** Books one attempt in the shared counts (the address's day, then the pair), or throws the 429. */
  const book = async (pairKey: string, addressKey: string) => {
    // The address's day first: a failure is booked now, before any hashing, unless the day is full.
    const full = await store.update<AddressWindow, number>(
      addressKey,
      (w, now) => {
        if (w && w.resetAt <= now) w = undefined;
        if (w && w.failures >= LOGIN_DAILY_FAILURES)
          return { next: w, expiresAt: w.resetAt, result: w.resetAt - now };
        const next = w ? { ...w, failures: w.failures + 1 } : { failures: 1, resetAt: now + LOGIN_DAY_MS };
        return { next, expiresAt: next.resetAt, result: 0 };
      },
      SIGN_IN,
    );
    if (full > 0)
      throw guard.refuse(
        addressKey,
        full,
        'Too many failed logins from your network. Please try again later.',
      );

    // Then the pair: booked unless its delay is still running (then the address's booking is given back).
    const booked = await store.update<PairCount, { wait: number; previousAt: number; stamp: number }>(
      pairKey,
      (held, now) => {
        // A pair idle for a whole day starts afresh, so counts do not follow a shopper for ever.
        const pair = held && now - held.lastAt < LOGIN_DAY_MS ? held : undefined;
        const wait = pair ? pair.lastAt + loginDelayMs(pair.failures) - now : 0;
        if (wait > 0)
          return {
            next: held,
            expiresAt: held!.lastAt + LOGIN_DAY_MS,
            result: { wait, previousAt: 0, stamp: 0 },
          };
        const p = pair ?? { failures: 0, lastAt: now, attempts: 0 };
        // Counted now, before any hashing: concurrent attempts see each other at once.
        const next = { failures: p.failures + 1, lastAt: now, attempts: p.attempts + 1 };
        return {
          next,
          expiresAt: now + LOGIN_DAY_MS,
          result: { wait: 0, previousAt: p.lastAt, stamp: next.attempts },
        };
      },
      // Admitted with the address's update above: the pair's always follows.
      SETTLE,
    );
    if (booked.wait > 0) {
      await giveBack(addressKey);
      throw guard.refuse(pairKey, booked.wait, 'Too many failed logins. Please wait a moment and try again.');
    }
    return booked;
  };

  return {
    /** Books one attempt for this e-mail from this address, or throws 429 with Retry-After. */
    async reserve(email: string, address: string): Promise<LoginTicket> {
      const pairKey = `login\u0000${email.trim().toLowerCase()}\u0000${address}`;
      const addressKey = `login-address\u0000${address}`;
      const booked = await guard.run('sign-in', address, [addressKey, pairKey], () =>
        book(pairKey, addressKey),
      );

      let settled = false;
      const once = (fn: () => Promise<void>) => async () => {
        if (settled) return;
        settled = true;
        await fn();
      };
      return {
        succeeded: once(async () => {
          await giveBack(addressKey);
          await store.update<PairCount, void>(
            pairKey,
            () => ({ next: undefined, expiresAt: 0, result: undefined }),
            SETTLE,
          );
        }),
        failed: once(() =>
          store.update<PairCount, void>(
            pairKey,
            (p, now) => ({
              next: p && { ...p, lastAt: Math.max(p.lastAt, now) },
              expiresAt: Math.max(p?.lastAt ?? 0, now) + LOGIN_DAY_MS,
              result: undefined,
            }),
            SETTLE,
          ),
        ),
        cancel: once(async () => {
          await giveBack(addressKey);
          await store.update<PairCount, void>(
            pairKey,
            (p) => {
              if (!p) return { next: undefined, expiresAt: 0, result: undefined };
              const lastAt = p.attempts === booked.stamp ? booked.previousAt : p.lastAt;
              return {
                next: { ...p, failures: Math.max(0, p.failures - 1), lastAt },
                expiresAt: lastAt + LOGIN_DAY_MS,
                result: undefined,
              };
            },
            SETTLE,
          );
        }),
      };
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
