/**
 * Retention while the shop runs (issue 30 item 6): ACTIVITY_RETENTION_DAYS is applied at open, and then by a
 * sweep every hour that drops the entries which aged past it from the log in memory (the store's and the
 * core's) and from disk (lowdb: activity.journal rewritten; PostgreSQL: the activity rows deleted).
 *
 * A timer rather than a check on each append: appends (admin writes) pay nothing, an entry's age grows
 * without any append (a quiet shop's log still ends at its retention), and one pass over the entries plus at
 * most one file rewrite an hour is the whole cost. The timer is unref'd (it never keeps the process alive)
 * and stopped by the backend's close; a sweep still running when the next one is due is not doubled.
 */
export const ACTIVITY_SWEEP_MS = 3_600_000;

export interface ActivitySweepOptions {
  days: number;
  everyMs?: number;
  log: (line: string) => void;
  logError: (err: unknown, line: string) => void;
}

/** Starts the sweep; returns its stop. */
export function sweepActivity(
  compact: () => Promise<number>,
  { days, everyMs = ACTIVITY_SWEEP_MS, log, logError }: ActivitySweepOptions,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    compact()
      .then(
        (n) => {
          if (n) log(`Activity retention: ${n} entries older than ${days} days dropped.`);
        },
        (err: unknown) => logError(err, 'Activity retention could not drop old activity entries'),
      )
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
