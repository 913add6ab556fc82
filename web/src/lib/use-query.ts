import { startTransition, useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useSeeds } from './ssr-data';

/**
 * The one way the web app loads data (ARCHITECTURE habit 12). A feature names what it needs by a key and
 * says how to fetch it; this hook owns the rest: one AbortController per run (aborted when the key
 * changes, on refresh and on unmount), answers of an aborted run are dropped even if the fetcher ignores
 * the signal (so a late, stale answer never replaces a newer one), and loading, error and refresh live here.
 *
 * Every key change and every refresh is a new "run" with its own number; an answer counts only for the
 * run it belongs to. Loading is derived (the current run has not settled), so no state is set
 * synchronously inside the effect and the first render after a key change already says loading.
 */
export type QueryKey = readonly unknown[];

export interface QueryOptions {
  /** Keep showing the last answer (of any key) while the next one loads; without it data is undefined. */
  keepPreviousData?: boolean;
  /** Called once per failure of the current run (never for an aborted or stale one): logging, sign-out. */
  onError?: (error: unknown) => void;
  /**
   * Run again this many ms after each answer, while the page is visible (and at once when it becomes visible
   * again). A polled answer equal to the last one keeps its identity (no re-render downstream), and a failed
   * poll keeps the last answer.
   */
  pollMs?: number;
}

export interface QueryResult<T> {
  /** The answer for the current key (or the previous one, see keepPreviousData); undefined otherwise. */
  data: T | undefined;
  /** What the current run threw; null while loading or after a success. */
  error: unknown;
  loading: boolean;
  /** Run the fetcher again for the current key; the data shown stays until the new answer arrives. */
  refresh: () => void;
  /** Change the held answer in place (e.g. after a write the server answered with the new row). */
  setData: (update: (prev: T | undefined) => T | undefined) => void;
}

interface Run {
  hash: string | null;
  id: number;
  /** Started by refresh() (same key): the current data stays visible while it loads. */
  refresh: boolean;
}

interface Settled<T> {
  hash: string | null;
  run: number;
  data: T | undefined;
  error: unknown;
}

/**
 * `key` null means "nothing to load" (e.g. an invalid id): no request, not loading, no data.
 * The fetcher receives the run's AbortSignal and should pass it on to the API client.
 */
/** What a settled poll shows: the last answer when nothing changed or the poll failed. */
function polledAnswer<T>(prev: Settled<T> | null, next: Settled<T>): Settled<T> {
  if (prev?.hash !== next.hash || prev.data === undefined) return next;
  if (next.error) return { ...next, data: prev.data };
  return JSON.stringify(prev.data) === JSON.stringify(next.data) ? { ...next, data: prev.data } : next;
}

export function useQuery<T>(
  key: QueryKey | null,
  fetcher: (signal: AbortSignal) => Promise<T>,
  options: QueryOptions = {},
): QueryResult<T> {
  const hash = key === null ? null : JSON.stringify(key);
  const [run, setRun] = useState<Run>({ hash, id: 0, refresh: false });
  // A new key is a new run, decided during render (React's "adjust state on prop change" pattern), so
  // the effect below and the returned loading flag agree from the very first render with that key.
  let current = run;
  if (run.hash !== hash) {
    current = { hash, id: run.id + 1, refresh: false };
    setRun(current);
  }
  // A server-rendered page's answer for this key (ssr-data.ts): the first run starts settled and fetches nothing.
  const seeds = useSeeds();
  const [seeded] = useState<Settled<T> | null>(() => {
    const seed = key === null || hash === null ? undefined : seeds?.seed(key, hash);
    return seed ? { hash, run: 0, data: seed.data as T, error: null } : null;
  });
  const seededHash = seeded?.hash ?? null;
  const [settled, setSettled] = useState<Settled<T> | null>(seeded);

  const fetchNow = useEffectEvent((signal: AbortSignal) => fetcher(signal));
  const failed = useEffectEvent((error: unknown) => options.onError?.(error));
  const { pollMs } = options;

  const runId = current.id;
  useEffect(() => {
    if (hash === null || (runId === 0 && hash === seededHash)) return;
    const controller = new AbortController();
    const settle = (data: T | undefined, error: unknown) => {
      if (controller.signal.aborted) return; // stale: the key changed, a refresh started or we unmounted
      const next = { hash, run: runId, data, error };
      // A transition: rendering what arrived is time-sliced, so a large answer never blocks input for long.
      startTransition(() => setSettled((prev) => (pollMs ? polledAnswer(prev, next) : next)));
    };
    fetchNow(controller.signal).then(
      (data) => settle(data, null),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        settle(undefined, error ?? new Error('Query failed'));
        failed(error);
      },
    );
    return () => controller.abort();
  }, [hash, runId, pollMs, seededHash]);

  const refresh = useCallback(() => setRun((r) => ({ ...r, id: r.id + 1, refresh: true })), []);

  // Polling: the next run is armed only once the current one has settled, so polls never overlap.
  const settledRun = settled?.run;
  useEffect(() => {
    if (!pollMs || hash === null || settledRun !== runId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (!document.hidden) timer = setTimeout(refresh, pollMs);
    const onVisibility = () => {
      clearTimeout(timer);
      if (!document.hidden) refresh();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [pollMs, hash, runId, settledRun, refresh]);
  const setData = useCallback(
    (update: (prev: T | undefined) => T | undefined) =>
      setSettled((s) => s && { ...s, data: update(s.data) }),
    [],
  );

  if (hash === null) return { data: undefined, error: null, loading: false, refresh, setData };
  if (settled?.run === current.id)
    return { data: settled.data, error: settled.error, loading: false, refresh, setData };
  const showPrevious = options.keepPreviousData || (current.refresh && settled?.hash === hash);
  return { data: showPrevious ? settled?.data : undefined, error: null, loading: true, refresh, setData };
}
