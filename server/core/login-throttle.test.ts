/** The login brake on its own: free failures, growing delays, the daily address budget, the memory cap. */
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import {
  LOGIN_DAILY_FAILURES,
  LOGIN_DAY_MS,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_DELAY_MS,
  createLoginThrottle,
  loginDelayMs,
} from './login-throttle';

function clock() {
  let t = Date.parse('2030-01-01T00:00:00Z');
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

/** The Retry-After of a refusal, or null when the attempt was booked (and then failed). */
function tryFail(t: ReturnType<typeof createLoginThrottle>, email: string, address: string): number | null {
  try {
    t.reserve(email, address).failed();
    return null;
  } catch (e) {
    if (!(e instanceof DomainError) || e.code !== 'too_many_requests') throw e;
    return e.retryAfterSeconds ?? -1;
  }
}

describe('login throttle', () => {
  it('ten failures are free, then each attempt waits 1 s, 2 s, 4 s … up to 15 minutes', () => {
    expect([9, 10, 11, 12, 13].map(loginDelayMs)).toEqual([0, 1000, 2000, 4000, 8000]);
    expect(loginDelayMs(40)).toBe(LOGIN_MAX_DELAY_MS);
    expect(loginDelayMs(10_000)).toBe(LOGIN_MAX_DELAY_MS);
    const c = clock();
    const t = createLoginThrottle(c);
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) expect(tryFail(t, 'a@x.test', '1.1.1.1')).toBeNull();
    expect(tryFail(t, 'a@x.test', '1.1.1.1')).toBe(1);
    c.advance(1000);
    expect(tryFail(t, 'A@X.test ', '1.1.1.1')).toBeNull(); // same account: case and spaces do not matter
    expect(tryFail(t, 'a@x.test', '1.1.1.1')).toBe(2);
    c.advance(1999);
    expect(tryFail(t, 'a@x.test', '1.1.1.1')).toBe(1);
    c.advance(1);
    expect(tryFail(t, 'a@x.test', '1.1.1.1')).toBeNull();
    expect(tryFail(t, 'a@x.test', '1.1.1.1')).toBe(4);
  });

  it('in-flight attempts count: the eleventh concurrent reservation is refused before any settles', () => {
    const t = createLoginThrottle(clock());
    const tickets = Array.from({ length: LOGIN_FREE_FAILURES }, () => t.reserve('a@x.test', 'ip'));
    expect(() => t.reserve('a@x.test', 'ip')).toThrow(DomainError);
    // Another address for the same account is not affected.
    expect(() => t.reserve('a@x.test', 'other-ip').cancel()).not.toThrow();
    tickets.forEach((k) => k.failed());
  });

  it('a success clears the pair; a cancelled attempt (busy hasher) is given back', () => {
    const c = clock();
    const t = createLoginThrottle(c);
    for (let i = 0; i < 9; i++) tryFail(t, 'a@x.test', 'ip');
    t.reserve('a@x.test', 'ip').succeeded();
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) expect(tryFail(t, 'a@x.test', 'ip')).toBeNull();
    expect(tryFail(t, 'a@x.test', 'ip')).toBe(1);
    c.advance(1000);
    t.reserve('a@x.test', 'ip').cancel();
    // The given-back attempt neither counted nor restarted the wait.
    expect(() => t.reserve('a@x.test', 'ip').failed()).not.toThrow();
  });

  it('an address gets 100 failures a day across accounts; successes never count; the window ends', () => {
    const c = clock();
    const t = createLoginThrottle(c);
    for (let i = 0; i < LOGIN_DAILY_FAILURES - 1; i++) expect(tryFail(t, `u${i}@x.test`, 'nat')).toBeNull();
    for (let i = 0; i < 50; i++) t.reserve(`shopper${i}@x.test`, 'nat').succeeded();
    expect(tryFail(t, 'last@x.test', 'nat')).toBeNull();
    c.advance(60_000);
    expect(tryFail(t, 'fresh@x.test', 'nat')).toBe((LOGIN_DAY_MS - 60_000) / 1000);
    expect(tryFail(t, 'fresh@x.test', 'elsewhere')).toBeNull();
    c.advance(LOGIN_DAY_MS);
    expect(tryFail(t, 'fresh@x.test', 'nat')).toBeNull();
  });

  it('memory is bounded: past the cap the longest-idle keys are dropped', () => {
    const t = createLoginThrottle(clock(), { maxTracked: 100 });
    for (let i = 0; i < 1000; i++) tryFail(t, `u${i}@x.test`, `ip${i}`);
    expect(t.size()).toEqual({ pairs: 100, addresses: 100 });
  });
});
