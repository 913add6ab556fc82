/** The in-memory check before a shared count: in-flight counts per subject, remembered refusals, the cap. */
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { createFloodGuard, FLOOD_IN_FLIGHT, FLOOD_RECHECK_MS } from './flood-guard';

function clock() {
  let t = Date.parse('2030-01-01T00:00:00Z');
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

const deferred = () => {
  let release = (): void => undefined;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
};

/** The refusal's message and Retry-After, or 'ran' when the count was reached. */
async function outcome(p: Promise<unknown>): Promise<string | { message: string; retryAfter?: number }> {
  try {
    await p;
    return 'ran';
  } catch (e) {
    if (!(e instanceof DomainError) || e.code !== 'too_many_requests') throw e;
    return { message: e.message, retryAfter: e.retryAfterSeconds };
  }
}

describe('flood guard', () => {
  it('runs at most FLOOD_IN_FLIGHT counts of one kind for one subject; the next is refused without counting', async () => {
    const guard = createFloodGuard(clock());
    const hold = deferred();
    let counted = 0;
    const count = async () => {
      counted++;
      await hold.done;
    };
    const held = Array.from({ length: FLOOD_IN_FLIGHT }, () =>
      guard.run('sign-in', '10.0.0.1', ['k'], count),
    );
    expect(await outcome(guard.run('sign-in', '10.0.0.1', ['k'], count))).toEqual({
      message: 'Too many requests. Please wait a moment and try again.',
      retryAfter: 1,
    });
    expect(counted).toBe(FLOOD_IN_FLIGHT);
    // Another address, and the same address's other kind of budget, are not affected.
    const others = [
      guard.run('sign-in', '10.0.0.2', ['k2'], count),
      guard.run('register', '10.0.0.1', ['k3'], count),
    ];
    expect(counted).toBe(FLOOD_IN_FLIGHT + 2);
    hold.release();
    await Promise.all([...held, ...others]);
    // Finished counts give their places back, failed ones too.
    await expect(
      guard.run('sign-in', '10.0.0.1', ['k'], () => Promise.reject(new Error('db down'))),
    ).rejects.toThrow('db down');
    expect(await outcome(guard.run('sign-in', '10.0.0.1', ['k'], count))).toBe('ran');
  });

  it('a key the shared count refused is refused in memory with the rest of its wait, and asked again after a second', async () => {
    const c = clock();
    const guard = createFloodGuard(c);
    let counted = 0;
    const count = () => Promise.resolve(++counted);
    const refusal = guard.refuse('day', 60_000, 'Too many failed logins from your network.');
    expect(refusal.retryAfterSeconds).toBe(60);
    c.advance(400);
    // Any call naming the key: refused before its count runs, with the wait that is left.
    expect(await outcome(guard.run('sign-in', 'ip', ['pair', 'day'], count))).toEqual({
      message: 'Too many failed logins from your network.',
      retryAfter: 60,
    });
    c.advance(FLOOD_RECHECK_MS - 401);
    expect(await outcome(guard.run('sign-in', 'ip', ['day'], count))).not.toBe('ran');
    expect(counted).toBe(0);
    // A second on, the shared count decides again (it may have given a failure back meanwhile).
    c.advance(1);
    expect(await outcome(guard.run('sign-in', 'ip', ['day'], count))).toBe('ran');
    expect(counted).toBe(1);
    // A wait shorter than a second is remembered for that wait only.
    guard.refuse('pair', 300, 'Too many failed logins.');
    c.advance(299);
    expect(await outcome(guard.run('sign-in', 'ip', ['pair'], count))).toEqual({
      message: 'Too many failed logins.',
      retryAfter: 1,
    });
    c.advance(1);
    expect(await outcome(guard.run('sign-in', 'ip', ['pair'], count))).toBe('ran');
  });

  it('remembers at most maxKeys refusals, forgetting the oldest first', async () => {
    const guard = createFloodGuard(clock(), { maxKeys: 2 });
    for (const key of ['a', 'b', 'c']) guard.refuse(key, 60_000, `refused ${key}`);
    const count = () => Promise.resolve();
    expect(await outcome(guard.run('sign-in', 'ip', ['a'], count))).toBe('ran');
    expect(await outcome(guard.run('sign-in', 'ip', ['b'], count))).toMatchObject({ message: 'refused b' });
    expect(await outcome(guard.run('sign-in', 'ip', ['c'], count))).toMatchObject({ message: 'refused c' });
  });
});
