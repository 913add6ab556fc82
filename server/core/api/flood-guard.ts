/**
 * The cheap check in this process's memory before a budget's shared count (issue 24): a client
 * flooding one kind of budget is turned away here, before it takes a slot of the store's gate or a
 * database connection, so what it can use up is at most its own share of its own kind.
 *
 * - At most FLOOD_IN_FLIGHT counts of one kind for one subject (client address or account) run at once
 *   in this process; past that a call is refused at once. A count takes milliseconds, so a client with
 *   more at once is sending hundreds a second, far beyond any budget it could be granted.
 * - A key the shared count has just refused is refused here, with the same message and the rest of
 *   its wait, for at most FLOOD_RECHECK_MS; then the shared count decides again, so a count given back
 *   on another instance (a sign-in that was never checked) is seen within that time.
 *
 * Bounded: an in-flight entry goes with its subject's last running call, and at most `maxKeys`
 * refusals are remembered, the oldest forgotten first (which only costs one shared count).
 */
import type { Clock, ThrottleKind } from '../ports';
import type { DomainError } from './errors';
import { tooManyRequests } from './errors';

export const FLOOD_IN_FLIGHT = 32;
export const FLOOD_RECHECK_MS = 1000;
export const MAX_REMEMBERED_REFUSALS = 100_000;

interface Refusal {
  message: string;
  /** When the shared count's wait ends (for Retry-After). */
  until: number;
  /** When the shared count is asked again. */
  recheckAt: number;
}

export interface FloodGuard {
  /**
   * Runs `count` (the shared count's updates for `keys`) unless one of the keys was refused a moment
   * ago or `subject` already has FLOOD_IN_FLIGHT counts of `kind` running: then throws that 429.
   */
  run<T>(kind: ThrottleKind, subject: string, keys: readonly string[], count: () => Promise<T>): Promise<T>;
  /** The shared count refused `key` for `waitMs`: the 429 to throw, remembered for a moment. */
  refuse(key: string, waitMs: number, message: string): DomainError;
}

export function createFloodGuard(clock: Clock, { maxKeys = MAX_REMEMBERED_REFUSALS } = {}): FloodGuard {
  const running = new Map<string, number>();
  const refusals = new Map<string, Refusal>();

  const remembered = (key: string, now: number): DomainError | null => {
    const r = refusals.get(key);
    if (!r) return null;
    if (now >= r.recheckAt) {
      refusals.delete(key);
      return null;
    }
    return tooManyRequests(r.message, r.until - now);
  };

  return {
    async run(kind, subject, keys, count) {
      const now = clock.now().getTime();
      for (const key of keys) {
        const refused = remembered(key, now);
        if (refused) throw refused;
      }
      const slot = `${kind}\u0000${subject}`;
      const held = running.get(slot) ?? 0;
      if (held >= FLOOD_IN_FLIGHT)
        throw tooManyRequests('Too many requests. Please wait a moment and try again.', FLOOD_RECHECK_MS);
      running.set(slot, held + 1);
      try {
        return await count();
      } finally {
        const left = running.get(slot)! - 1;
        if (left === 0) running.delete(slot);
        else running.set(slot, left);
      }
    },
    refuse(key, waitMs, message) {
      const now = clock.now().getTime();
      refusals.delete(key);
      if (refusals.size >= maxKeys) refusals.delete(refusals.keys().next().value!);
      refusals.set(key, {
        message,
        until: now + waitMs,
        recheckAt: now + Math.min(waitMs, FLOOD_RECHECK_MS),
      });
      return tooManyRequests(message, waitMs);
    },
  };
}
