/** The login brake on its own: free failures, growing delays, the daily address budget, the memory cap. */
import { describe, expect, it } from 'vitest';
import { DomainError } from '../api/errors';
import { createMemoryThrottles } from '../api/throttle-store';
import type { ThrottleStore } from '../ports';
import {
  LOGIN_DAILY_FAILURES,
  LOGIN_DAY_MS,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_DELAY_MS,
  createLoginThrottle,
  loginDelayMs,
} from './sign-in-throttle';

function clock() {
  let t = Date.parse('2030-01-01T00:00:00Z');
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

/** The Retry-After of a refusal, or null when the attempt was booked (and then failed). */
async function tryFail(
  t: ReturnType<typeof createLoginThrottle>,
  email: string,
  address: string,
): Promise<number | null> {
  try {
    await (await t.reserve(email, address)).failed();
    return null;
  } catch (e) {
    if (!(e instanceof DomainError) || e.code !== 'too_many_requests') throw e;
    return e.retryAfterSeconds ?? -1;
  }
}

describe('login throttle', () => {
  it('ten failures are free, then each attempt waits 1 s, 2 s, 4 s … up to 15 minutes', async () => {
    expect([9, 10, 11, 12, 13].map(loginDelayMs)).toEqual([0, 1000, 2000, 4000, 8000]);
    expect(loginDelayMs(40)).toBe(LOGIN_MAX_DELAY_MS);
    expect(loginDelayMs(10_000)).toBe(LOGIN_MAX_DELAY_MS);
    const c = clock();
    const t = createLoginThrottle(c);
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) expect(await tryFail(t, 'a@x.test', '1.1.1.1')).toBeNull();
    expect(await tryFail(t, 'a@x.test', '1.1.1.1')).toBe(1);
    c.advance(1000);
    expect(await tryFail(t, 'A@X.test ', '1.1.1.1')).toBeNull(); // same account: case and spaces do not matter
    expect(await tryFail(t, 'a@x.test', '1.1.1.1')).toBe(2);
    c.advance(1999);
    expect(await tryFail(t, 'a@x.test', '1.1.1.1')).toBe(1);
    c.advance(1);
    expect(await tryFail(t, 'a@x.test', '1.1.1.1')).toBeNull();
    expect(await tryFail(t, 'a@x.test', '1.1.1.1')).toBe(4);
  });

  it('in-flight attempts count: the eleventh concurrent reservation is refused before any settles', async () => {
    const t = createLoginThrottle(clock());
    const tickets = await Promise.all(
      Array.from({ length: LOGIN_FREE_FAILURES }, () => t.reserve('a@x.test', 'ip')),
    );
    await expect(t.reserve('a@x.test', 'ip')).rejects.toThrow(DomainError);
    // Another address for the same account is not affected.
    await (await t.reserve('a@x.test', 'other-ip')).cancel();
    await Promise.all(tickets.map((k) => k.failed()));
  });

  it('a success clears the pair; a cancelled attempt (busy hasher) is given back', async () => {
    const c = clock();
    const t = createLoginThrottle(c);
    for (let i = 0; i < 9; i++) await tryFail(t, 'a@x.test', 'ip');
    await (await t.reserve('a@x.test', 'ip')).succeeded();
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) expect(await tryFail(t, 'a@x.test', 'ip')).toBeNull();
    expect(await tryFail(t, 'a@x.test', 'ip')).toBe(1);
    c.advance(1000);
    await (await t.reserve('a@x.test', 'ip')).cancel();
    // The given-back attempt neither counted nor restarted the wait.
    await (await t.reserve('a@x.test', 'ip')).failed();
  });

  it('an address gets 100 failures a day across accounts; successes never count; the window ends', async () => {
    const c = clock();
    const t = createLoginThrottle(c);
    for (let i = 0; i < LOGIN_DAILY_FAILURES - 1; i++)
      expect(await tryFail(t, `u${i}@x.test`, 'nat')).toBeNull();
    for (let i = 0; i < 50; i++) await (await t.reserve(`shopper${i}@x.test`, 'nat')).succeeded();
    expect(await tryFail(t, 'last@x.test', 'nat')).toBeNull();
    c.advance(60_000);
    expect(await tryFail(t, 'fresh@x.test', 'nat')).toBe((LOGIN_DAY_MS - 60_000) / 1000);
    expect(await tryFail(t, 'fresh@x.test', 'elsewhere')).toBeNull();
    c.advance(LOGIN_DAY_MS);
    expect(await tryFail(t, 'fresh@x.test', 'nat')).toBeNull();
  });

  it('an address whose day is used up is turned away in memory: a flood of it reaches the shared count once a second', async () => {
    const c = clock();
    const memory = createMemoryThrottles(c);
    let counts = 0;
    const store: ThrottleStore = {
      update: (key, step, options) => {
        counts++;
        return memory.update(key, step, options);
      },
    };
    const t = createLoginThrottle(c, store);
    for (let i = 0; i < LOGIN_DAILY_FAILURES; i++) await tryFail(t, `u${i}@x.test`, 'flood');
    counts = 0;
    expect(await tryFail(t, 'v@x.test', 'flood')).toBe(LOGIN_DAY_MS / 1000);
    const refusals = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => tryFail(t, `v${i}@x.test`, 'flood')),
    );
    expect(refusals.every((r) => r === LOGIN_DAY_MS / 1000)).toBe(true);
    expect(counts).toBe(1);
    // Another address is not affected; a second later the flooding one is counted again, once.
    expect(await tryFail(t, 'v0@x.test', 'elsewhere')).toBeNull();
    c.advance(1000);
    counts = 0;
    for (let i = 0; i < 100; i++)
      expect(await tryFail(t, `w${i}@x.test`, 'flood')).toBe(LOGIN_DAY_MS / 1000 - 1);
    expect(counts).toBe(1);
  });

  it('memory is bounded: past the cap the longest-idle keys are dropped', async () => {
    const c = clock();
    const store = createMemoryThrottles(c, { maxKeys: 100 });
    const t = createLoginThrottle(c, store);
    for (let i = 0; i < 1000; i++) await tryFail(t, `u${i}@x.test`, `ip${i}`);
    expect(store.size()).toBe(100);
  });
});
