/**
 * Request budgets from the endpoint table (contract/endpoints.ts `rateLimits`): fixed windows per
 * client address or per account, counted before the body is read or any work is done. A refusal is a
 * 429 with Retry-After. Memory is bounded: at most MAX_KEYS windows are tracked, oldest dropped first
 * (a dropped window only forgets a few counts; it never refuses anyone).
 */
import type { Endpoint, RateLimit } from '#contract/endpoints';
import { tooManyRequests } from './errors';
import type { Clock } from './ports';

const MAX_KEYS = 100_000;

export interface RateLimiter {
  /** Counts one call of `name` by this caller; throws a 429 DomainError when over a budget. */
  take(name: string, endpoint: Endpoint, who: { address: string; account: number | null }): void;
}

export function createRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function hit(key: string, limit: RateLimit, now: number): number | null {
    let w = windows.get(key);
    if (!w || w.resetAt <= now) {
      if (w) windows.delete(key);
      else if (windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value!);
      w = { count: 0, resetAt: now + limit.windowMs };
      windows.set(key, w);
    }
    if (w.count >= limit.max) return w.resetAt - now;
    w.count++;
    return null;
  }

  return {
    take(name, endpoint, who) {
      const now = clock.now().getTime();
      for (const [i, limit] of (endpoint.rateLimits ?? []).entries()) {
        const subject = limit.per === 'account' ? who.account : who.address;
        if (subject === null) continue;
        const wait = hit(`${name}\u0000${i}\u0000${subject}`, limit, now);
        if (wait !== null)
          throw tooManyRequests('Too many requests. Please wait a moment and try again.', wait);
      }
    },
  };
}

/** RATE_LIMITS=off: load tests measure raw capacity; every other protection stays on. */
export const noRateLimits: RateLimiter = { take: () => undefined };
