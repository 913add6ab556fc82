/**
 * The in-memory ThrottleStore (ports.ts): the default of every store but PostgreSQL's, whose instances
 * share theirs (server/store/pg-throttles.ts). At most `maxKeys` keys: re-inserting moves a key to the
 * young end, so past the cap the longest-idle key goes first; expired keys read as absent.
 */
import type { Clock, ThrottleStore } from '../ports';

export const MAX_THROTTLE_KEYS = 200_000;

export function createMemoryThrottles(clock: Clock, { maxKeys = MAX_THROTTLE_KEYS } = {}) {
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  const store: ThrottleStore & { size(): number } = {
    update(key, step) {
      const now = clock.now().getTime();
      const held = entries.get(key);
      const current = held && held.expiresAt > now ? (held.value as never) : undefined;
      const { next, expiresAt, result } = step(current, now);
      entries.delete(key);
      if (next !== undefined) {
        if (entries.size >= maxKeys) entries.delete(entries.keys().next().value!);
        entries.set(key, { value: next, expiresAt });
      }
      return Promise.resolve(result);
    },
    size: () => entries.size,
  };
  return store;
}
