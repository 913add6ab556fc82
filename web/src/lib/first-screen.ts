/**
 * "The first screen is in": the moment background work may start (service worker install with its
 * precache, the catalogue copy, the outbox and the answer cache in IndexedDB). The `load` event is too
 * early for that: it fires before the route's lazy chunk, its data and its pictures are fetched, so on a
 * slow phone that work would compete with them for the network and the main thread. So: after `load`,
 * once no resource has finished for QUIET_MS, in an idle moment; MAX_WAIT_MS after `load` at the latest.
 * Tests open the gate at once (openFirstScreenGate).
 */

/** No resource finished for this long after `load`: the first screen is in. */
const QUIET_MS = 2000;
/** Background work starts this long after `load` at the latest, however busy the page. */
const MAX_WAIT_MS = 15_000;

let gate: Promise<void> | undefined;
let openNow: (() => void) | undefined;

function watch(): Promise<void> {
  return new Promise<void>((resolve) => {
    let done = false;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    let latest: ReturnType<typeof setTimeout> | undefined;
    let observer: PerformanceObserver | undefined;
    const start = () => {
      if (done) return;
      done = true;
      observer?.disconnect();
      clearTimeout(quiet);
      clearTimeout(latest);
      if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 3000 });
      else setTimeout(resolve, 0);
    };
    openNow = () => {
      done = true;
      observer?.disconnect();
      clearTimeout(quiet);
      clearTimeout(latest);
      resolve();
    };
    const onLoad = () => {
      quiet = setTimeout(start, QUIET_MS);
      latest = setTimeout(start, MAX_WAIT_MS);
      try {
        observer = new PerformanceObserver(() => {
          clearTimeout(quiet);
          quiet = setTimeout(start, QUIET_MS);
        });
        observer.observe({ type: 'resource' });
      } catch {
        // no resource timing: the quiet timer alone decides
      }
    };
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
  });
}

/** Resolves once the first screen is in (the same moment for every caller). */
export function firstScreenDone(): Promise<void> {
  return (gate ??= watch());
}

/** Runs `run` once the first screen is in. */
export function afterFirstScreen(run: () => void): void {
  void firstScreenDone().then(run);
}

/**
 * For small writes that must not be lost, such as an answer the shopper saw going into the offline copy
 * (catalogue-cache.ts): once the page has loaded and the browser is idle, or the first screen is in, whichever
 * comes first. Not the whole gate: a shopper who opens a product and loses the network within the gate's quiet
 * time (or reloads) would lose it (issue 29).
 */
export function loadedAndIdle(): Promise<void> {
  const loaded = new Promise<void>((resolve) => {
    if (typeof document === 'undefined' || document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  }).then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 500 });
        else setTimeout(resolve, 0);
      }),
  );
  return Promise.race([loaded, firstScreenDone()]);
}

/** Opens the gate now (tests, where there is no first screen to wait for). */
export function openFirstScreenGate(): void {
  if (!gate) gate = Promise.resolve();
  else openNow?.();
}
