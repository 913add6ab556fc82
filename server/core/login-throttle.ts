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
 * Kept in memory and bounded (oldest keys dropped first): a restart or an eviction only forgets counts.
 */
import { tooManyRequests } from './errors';
import type { Clock } from './ports';

export const LOGIN_FREE_FAILURES = 10;
export const LOGIN_BASE_DELAY_MS = 1000;
export const LOGIN_MAX_DELAY_MS = 15 * 60 * 1000;
export const LOGIN_DAILY_FAILURES = 100;
export const LOGIN_DAY_MS = 24 * 60 * 60 * 1000;
const MAX_TRACKED = 100_000;

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

/** One reserved attempt: settle it exactly once. */
export interface LoginTicket {
  /** The password was right: the attempt and the pair's earlier failures are forgotten. */
  succeeded(): void;
  /** The password was wrong: the attempt stays counted and the next delay starts now. */
  failed(): void;
  /** Not checked at all (the hasher was busy): the attempt is given back. */
  cancel(): void;
}

/** The wait after `failures` failures: none while free, then doubling from 1 s up to the cap. */
export function loginDelayMs(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(
    LOGIN_BASE_DELAY_MS * 2 ** Math.min(failures - LOGIN_FREE_FAILURES, 30),
    LOGIN_MAX_DELAY_MS,
  );
}

export function createLoginThrottle(clock: Clock, { maxTracked = MAX_TRACKED } = {}) {
  const pairs = new Map<string, PairCount>();
  const addresses = new Map<string, AddressWindow>();

  const remember = <V>(map: Map<string, V>, key: string, value: V): void => {
    // Re-inserting moves the key to the young end, so eviction drops the longest-idle keys.
    map.delete(key);
    if (map.size >= maxTracked) map.delete(map.keys().next().value!);
    map.set(key, value);
  };

  return {
    /** Books one attempt for this e-mail from this address, or throws 429 with Retry-After. */
    reserve(email: string, address: string): LoginTicket {
      const now = clock.now().getTime();
      const pairKey = `${email.trim().toLowerCase()}\u0000${address}`;
      let window = addresses.get(address);
      if (window && window.resetAt <= now) window = undefined;
      if (window && window.failures >= LOGIN_DAILY_FAILURES) {
        throw tooManyRequests(
          'Too many failed logins from your network. Please try again later.',
          window.resetAt - now,
        );
      }
      let pair = pairs.get(pairKey);
      // A pair idle for a whole day starts afresh, so counts do not follow a shopper for ever.
      if (pair && now - pair.lastAt >= LOGIN_DAY_MS) pair = undefined;
      const wait = pair ? pair.lastAt + loginDelayMs(pair.failures) - now : 0;
      if (wait > 0)
        throw tooManyRequests('Too many failed logins. Please wait a moment and try again.', wait);

      if (!window) {
        window = { failures: 0, resetAt: now + LOGIN_DAY_MS };
        remember(addresses, address, window);
      }
      pair ??= { failures: 0, lastAt: now, attempts: 0 };
      remember(pairs, pairKey, pair);
      // Counted now, before any hashing: concurrent attempts see each other at once.
      const w = window;
      const p = pair;
      const previousAt = p.lastAt;
      const stamp = ++p.attempts;
      w.failures++;
      p.failures++;
      p.lastAt = now;

      let settled = false;
      const once = (fn: () => void) => () => {
        if (settled) return;
        settled = true;
        fn();
      };
      return {
        succeeded: once(() => {
          w.failures--;
          p.failures = 0;
          if (pairs.get(pairKey) === p) pairs.delete(pairKey);
        }),
        failed: once(() => {
          p.lastAt = Math.max(p.lastAt, clock.now().getTime());
        }),
        cancel: once(() => {
          w.failures--;
          p.failures = Math.max(0, p.failures - 1);
          if (p.attempts === stamp) p.lastAt = previousAt;
        }),
      };
    },
    /** For tests and the README: how many keys are tracked. */
    size: (): { pairs: number; addresses: number } => ({ pairs: pairs.size, addresses: addresses.size }),
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
