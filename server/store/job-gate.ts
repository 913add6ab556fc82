/**
 * A small semaphore with a bounded wait list: at most `concurrency` jobs run at once and at most
 * `maxQueue` wait. Past that a job is refused at once (tryRun answers null) instead of queued, so a
 * burst of anonymous requests can neither pile up work nor hold sockets open without limit.
 */
export interface JobGate {
  tryRun<T>(job: () => Promise<T>): Promise<T> | null;
  /**
   * Never refused, and ahead of the waiting jobs: for work that finishes what an admitted job started
   * (so its count is bounded by the admitted jobs), which still takes one of the `concurrency` slots.
   */
  runFirst<T>(job: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

export function createJobGate({ concurrency, maxQueue }: { concurrency: number; maxQueue: number }): JobGate {
  let running = 0;
  const waiting: (() => void)[] = [];
  const waitingFirst: (() => void)[] = [];
  // A finished job hands its slot straight to the next waiter, so `running` never dips and overshoots.
  const release = (): void => {
    const next = waitingFirst.shift() ?? waiting.shift();
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
  const start = <T>(job: () => Promise<T>, queue: (() => void)[]): Promise<T> => {
    if (running < concurrency) {
      running++;
      return settle(job);
    }
    return new Promise<void>((resolve) => queue.push(resolve)).then(() => settle(job));
  };
  return {
    tryRun(job) {
      if (running >= concurrency && waiting.length + waitingFirst.length >= maxQueue) return null;
      return start(job, waiting);
    },
    runFirst: (job) => start(job, waitingFirst),
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length + waitingFirst.length;
    },
  };
}
