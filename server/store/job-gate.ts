/**
 * A small semaphore with a bounded wait list: at most `concurrency` jobs run at once and at most
 * `maxQueue` wait. Past that a job is refused at once (tryRun answers null) instead of queued, so a
 * burst of anonymous requests can neither pile up work nor hold sockets open without limit.
 */
export interface JobGate {
  tryRun<T>(job: () => Promise<T>): Promise<T> | null;
  readonly running: number;
  readonly waiting: number;
}

export function createJobGate({ concurrency, maxQueue }: { concurrency: number; maxQueue: number }): JobGate {
  let running = 0;
  const waiting: (() => void)[] = [];
  // A finished job hands its slot straight to the next waiter, so `running` never dips and overshoots.
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  const settle = async <T>(job: () => Promise<T>): Promise<T> => {
    try {
      return await job();
    } finally {
      release();
    }
  };
  return {
    tryRun(job) {
      if (running < concurrency) {
        running++;
        return settle(job);
      }
      if (waiting.length >= maxQueue) return null;
      return new Promise<void>((resolve) => waiting.push(resolve)).then(() => settle(job));
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
