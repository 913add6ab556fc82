/**
 * Request budgets from the endpoint table (contract/endpoints.ts `rateLimits`): fixed windows per
 * client address or per account, counted before the body is read or any work is done. A refusal is a
 * 429 with Retry-After. The windows live in a ThrottleStore (ports.ts): this process's memory, bounded
 * (a dropped window only forgets a few counts; it never refuses anyone), or the PostgreSQL table the
 * instances share, so a budget is the shop's, not each instance's. Each endpoint's budget is its own
 * kind there, and a flood-guard.ts check in memory comes first, so a client flooding one endpoint
 * neither reaches the shared count nor slows another endpoint's.
 */
import type { Endpoint, EndpointName } from '#contract/endpoints';
import type { Clock, ThrottleStore } from '../ports';
import { createFloodGuard } from './flood-guard';
import { createMemoryThrottles } from './throttle-store';

export interface RateLimiter {
  /** Counts one call of `name` by this caller; rejects with a 429 DomainError when over a budget. */
  take(
    name: EndpointName,
    endpoint: Endpoint,
    who: { address: string; account: number | null },
  ): Promise<void>;
}

interface Window {
  count: number;
  resetAt: number;
}

export function createRateLimiter(
  clock: Clock,
  store: ThrottleStore = createMemoryThrottles(clock),
  guard = createFloodGuard(clock),
): RateLimiter {
  return {
    async take(name, endpoint, who) {
      for (const [i, limit] of (endpoint.rateLimits ?? []).entries()) {
        const subject = limit.per === 'account' ? who.account : who.address;
        if (subject === null) continue;
        const key = `rate\u0000${name}\u0000${i}\u0000${subject}`;
        const wait = await guard.run(name, `${limit.per}\u0000${subject}`, [key], () =>
          store.update<Window, number>(
            key,
            (held, now) => {
              const w = held && held.resetAt > now ? held : { count: 0, resetAt: now + limit.windowMs };
              if (w.count >= limit.max) return { next: w, expiresAt: w.resetAt, result: w.resetAt - now };
              return { next: { ...w, count: w.count + 1 }, expiresAt: w.resetAt, result: 0 };
            },
            { kind: name },
          ),
        );
        if (wait > 0) throw guard.refuse(key, wait, 'Too many requests. Please wait a moment and try again.');
      }
    },
  };
}

/** RATE_LIMITS=off: load tests measure raw capacity; every other protection stays on. */
export const noRateLimits: RateLimiter = { take: () => Promise.resolve() };
