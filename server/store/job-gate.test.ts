import { describe, expect, it } from 'vitest';
import { createJobGate } from './job-gate';

const deferred = () => {
  let release = (): void => undefined;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
};

describe('job gate', () => {
  it('runs at most `concurrency` jobs, queues up to `maxQueue`, refuses the rest, then drains in order', async () => {
    const gate = createJobGate({ concurrency: 2, maxQueue: 3 });
    const hold = deferred();
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const job = (n: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      await hold.done;
      order.push(n);
      running--;
      return n;
    };
    const runs = [0, 1, 2, 3, 4].map((n) => gate.tryRun(job(n)));
    expect(runs.every(Boolean)).toBe(true);
    expect([gate.running, gate.waiting]).toEqual([2, 3]);
    expect(gate.tryRun(job(5))).toBeNull();
    hold.release();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a job that fails', async () => {
    const gate = createJobGate({ concurrency: 1, maxQueue: 0 });
    await expect(gate.tryRun(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.tryRun(() => Promise.resolve('next'))).toBe('next');
  });
});
