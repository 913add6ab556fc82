/**
 * Slows password guessing: after LOGIN_MAX_FAILURES wrong passwords for one e-mail within the window,
 * that e-mail gets 429 until the window has passed. Kept in memory: a restart forgets, which is fine
 * for a brake (the attacker still pays a full scrypt per try).
 */
import { DomainError } from './errors';
import type { Clock } from './ports';

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const MAX_TRACKED = 10_000;

export function createLoginThrottle(clock: Clock) {
  const failures = new Map<string, { count: number; since: number }>();
  const live = (key: string, now: number) => {
    const f = failures.get(key);
    return f && now - f.since < LOGIN_WINDOW_MS ? f : undefined;
  };
  return {
    check(email: string): void {
      const f = live(email.trim().toLowerCase(), clock.now().getTime());
      if (f && f.count >= LOGIN_MAX_FAILURES) {
        throw new DomainError(
          'too_many_requests',
          'Too many failed logins. Please wait a few minutes and try again.',
        );
      }
    },
    failed(email: string): void {
      const key = email.trim().toLowerCase();
      const now = clock.now().getTime();
      if (failures.size >= MAX_TRACKED) {
        for (const [k, f] of failures) if (now - f.since >= LOGIN_WINDOW_MS) failures.delete(k);
      }
      const f = live(key, now) ?? { count: 0, since: now };
      failures.set(key, { count: f.count + 1, since: f.since });
    },
    succeeded(email: string): void {
      failures.delete(email.trim().toLowerCase());
    },
  };
}
