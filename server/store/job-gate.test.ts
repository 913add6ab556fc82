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

  it('runs a finishing job even when the wait list is full, ahead of the waiting ones, in its slots', async () => {
    const gate = createJobGate({ concurrency: 1, maxQueue: 1 });
    const hold = deferred();
    const order: string[] = [];
    const job = (name: string) => async () => {
      await hold.done;
      order.push(name);
    };
    const runs = [gate.tryRun(job('running')), gate.tryRun(job('waiting'))];
    expect(gate.tryRun(job('refused'))).toBeNull();
    const finishing = [gate.runFirst(job('finish 1')), gate.runFirst(job('finish 2'))];
    expect([gate.running, gate.waiting]).toEqual([1, 3]);
    hold.release();
    await Promise.all([...runs, ...finishing]);
    expect(order).toEqual(['running', 'finish 1', 'finish 2', 'waiting']);
  });

  it('frees the slot of a job that fails', async () => {
    const gate = createJobGate({ concurrency: 1, maxQueue: 0 });
    await expect(gate.tryRun(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.tryRun(() => Promise.resolve('next'))).toBe('next');
  });
});
