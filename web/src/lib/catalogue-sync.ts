import type { Category } from '#contract/schemas/category';
import { loadCatalogueCopy, loadLocalCatalogue, loadLocalIndex } from './offline-modules';
import { cachedApi } from './catalogue-cache';
import type { CatalogueDb, CatalogueMeta } from './db';
import { idle } from './idle';
import type { Yield } from './catalogue-copy';
import type { ListQuery } from './local-catalogue';
import { getNetworkStatus, setLastSynced, subscribeNetworkStatus } from './network-status';
import { warmPicturesAfterSync } from './picture-warmup';

/**
 * Background copy of the whole catalogue into IndexedDB, so any product can be opened and any listing
 * query answered offline (catalogue-cache falls back to it). Loaded lazily after the first render.
 *
 * Why it is shaped like this: the copy must never make the UI janky, and must be done soon (issue 29: 10k
 * products within 3 s of navigation start). So the built app copies in a dedicated worker
 * (catalogue-sync.worker.ts runs catalogue-copy.ts): fetching the pages, parsing and checking them against the
 * contract and the IndexedDB writes all happen off the main thread, with several pages in flight and a few
 * pages per transaction. Tests and the demo (whose MSW worker answers only the page) copy in the page, with a
 * pause (an idle callback) between write batches; a worker that cannot start or fails falls back to that too.
 * The worker's writes raise the same `products` counter (db.ts), so the page's listing index (local-index.ts)
 * knows it is behind: once the copy is done it is read again in the background (small reads) and the search
 * engine is built over it in chunks, so the first offline listing or search reads nothing but its page.
 * `<html data-catalogue-sync>` exposes the state (running | done | failed) for tests and curious eyes.
 * IndexedDB (Dexie), the listing index and the copy's code are imported when needed, not with this module: in
 * the built app the worker is started first (it reads the meta row itself and copies only a stale copy), so
 * the copy starts as soon as this small chunk has loaded, and evaluating those modules on the main thread never
 * delays it nor makes one long task with it (issue 29).
 * A successful copy then starts the picture warm-up (picture-warmup.ts: the 320 px pictures of the featured
 * products and the first listing pages, through the service worker, within a byte budget), in the background:
 * the sync is done without waiting for it. `<html data-picture-warmup>` shows its state.
 */
/** Wait for an idle moment (or at most a second): the next page never competes with user input. */
export { idle };

function mark(state: 'running' | 'done' | 'failed'): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.catalogueSync = state;
}

/** Whether this build copies in a worker: the built shop (not the demo, whose API lives in the page's MSW). */
function workerAvailable(): boolean {
  return import.meta.env.PROD && !__DEMO__ && typeof Worker !== 'undefined';
}

/** What the worker answers: it started copying, the copy (or the fresh copy it found, `fresh`), or an error. */
type WorkerAnswer = { started: true } | { meta: CatalogueMeta; fresh?: boolean } | { error: string };

/**
 * The copy in a dedicated worker; with `maxAgeMs`, only when the last complete copy is older (else it answers
 * that copy, `fresh`). `onStart` runs when it starts copying. Undefined when the worker could not run it: copy
 * in the page then.
 */
function copyInWorker(
  request: { pageSize?: number; maxAgeMs?: number },
  onStart: () => void = () => undefined,
): Promise<{ meta: CatalogueMeta; fresh: boolean } | undefined> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./catalogue-sync.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(undefined);
      return;
    }
    const finish = (answer: { meta: CatalogueMeta; fresh: boolean } | undefined) => {
      worker.terminate();
      resolve(answer);
    };
    worker.onmessage = (e: MessageEvent<WorkerAnswer>) => {
      if ('started' in e.data) onStart();
      else if ('error' in e.data) {
        console.warn('Catalogue copy in the worker failed:', e.data.error);
        finish(undefined);
      } else finish({ meta: e.data.meta, fresh: e.data.fresh === true });
    };
    worker.onerror = () => finish(undefined);
    worker.postMessage(request);
  });
}

interface SyncOptions {
  db?: CatalogueDb;
  pause?: Yield;
  pageSize?: number;
  /** What runs after a successful copy (tests replace it); by default the picture warm-up. */
  afterSync?: (categories: Category[]) => Promise<unknown>;
  /** False: copy in the page even where a worker could (the worker already failed). */
  worker?: boolean;
  /** Listings whose pages are decided once the listing index is built (local-catalogue.ts's warmPages). */
  firstListings?: readonly ListQuery[];
}

/** The categories, asked for as the copy starts (the picture warm-up needs them). */
function loadCategories(): Promise<Category[]> {
  const load = cachedApi('listCategories');
  load.catch(() => undefined); // awaited after the copy
  return load;
}

/** The listing index's module, with the offline listing's (local-catalogue.ts) loaded beside it. */
const offlineAnswers = () => Promise.all([loadLocalIndex(), loadLocalCatalogue()]);

/**
 * The listing index read (and the engine built, with `engine`), then the pages of `firstListings` decided, then
 * one listing per kind of filter (local-catalogue.ts's filterWarmups).
 */
async function warmAnswers(
  db: CatalogueDb,
  firstListings: readonly ListQuery[],
  options: { engine?: boolean },
): Promise<void> {
  const [{ warmIndex }, { filterWarmups, warmPages }] = await offlineAnswers();
  const index = await warmIndex(db, options);
  await warmPages(index, firstListings);
  // Then a listing per kind of filter, so each filter's code has run (not when the session starts offline).
  if (firstListings.length) await warmPages(index, filterWarmups(index));
}

/** After a successful copy: done, the listing index and engine in the background, then the picture warm-up. */
async function afterCopy(
  db: CatalogueDb,
  meta: CatalogueMeta,
  categoriesLoad: Promise<Category[]>,
  afterSync: (categories: Category[]) => Promise<unknown>,
  firstListings: readonly ListQuery[],
): Promise<CatalogueMeta> {
  const categories = await categoriesLoad;
  setLastSynced(meta.syncedAt);
  mark('done');
  // The listing index and the search engine, read again in the background if the copy left them behind, the
  // code that answers from them (the first offline listing then loads nothing: issue 29) and the pages of the
  // first listings. `<html data-offline-index="ready">` once all are (the bench times it).
  void idle()
    .then(() => warmAnswers(db, firstListings, { engine: true }))
    .then(() => {
      if (typeof document !== 'undefined') document.documentElement.dataset.offlineIndex = 'ready';
    })
    .catch(() => undefined);
  afterSync(categories).catch((err: unknown) => console.warn('Picture warm-up stopped:', err));
  return meta;
}

/** Copy everything; resolves with the meta row written (throws when the network fails midway). */
export async function syncCatalogue(options: SyncOptions = {}): Promise<CatalogueMeta> {
  const { catalogueDb } = await import('./db');
  const db = options.db ?? catalogueDb();
  const afterSync = options.afterSync ?? warmPicturesAfterSync;
  mark('running');
  try {
    const categoriesLoad = loadCategories();
    // The worker opens the app's own database: only a copy into that one can go there.
    const inWorker = options.worker !== false && workerAvailable() && db === catalogueDb();
    const meta =
      (inWorker ? (await copyInWorker({ pageSize: options.pageSize }))?.meta : undefined) ??
      (await copyInPage(db, options));
    return await afterCopy(db, meta, categoriesLoad, afterSync, options.firstListings ?? []);
  } catch (err) {
    mark('failed');
    throw err;
  }
}

/** In the page: the listing index is read first (cheap on a first visit) and the copy's writes keep it. */
async function copyInPage(db: CatalogueDb, options: SyncOptions): Promise<CatalogueMeta> {
  const [{ warmIndex }, { copyCatalogue }] = await Promise.all([loadLocalIndex(), loadCatalogueCopy()]);
  await warmIndex(db);
  return copyCatalogue(db, options.pause ?? idle, options.pageSize);
}

/** A copy younger than this is fresh enough: browsing refreshes what is viewed network-first anyway. */
export const SYNC_MAX_AGE_MS = 10 * 60 * 1000;

/** Boot and back-online entry: copy again only when the last complete copy is older than SYNC_MAX_AGE_MS. */
export async function syncIfStale(
  maxAgeMs = SYNC_MAX_AGE_MS,
  firstListings: readonly ListQuery[] = [],
): Promise<CatalogueMeta> {
  if (workerAvailable()) {
    // The worker reads the meta row itself: it starts before anything of IndexedDB is loaded here.
    let categoriesLoad: Promise<Category[]> | undefined;
    const answer = await copyInWorker({ maxAgeMs }, () => {
      mark('running');
      categoriesLoad = loadCategories();
    });
    if (answer) {
      const { catalogueDb } = await import('./db');
      const db = catalogueDb();
      if (!answer.fresh)
        return afterCopy(
          db,
          answer.meta,
          categoriesLoad ?? loadCategories(),
          warmPicturesAfterSync,
          firstListings,
        ).catch((err: unknown) => {
          mark('failed');
          throw err;
        });
      setLastSynced(answer.meta.syncedAt);
      mark('done');
      warmIndexWhenOffline(db);
      return answer.meta;
    }
    // The worker could not run or failed: the page's own path below.
  }
  const { catalogueDb, readCatalogueMeta } = await import('./db');
  const db = catalogueDb();
  const meta = await readCatalogueMeta(db);
  if (meta?.complete && Date.now() - meta.syncedAt < maxAgeMs) {
    setLastSynced(meta.syncedAt);
    mark('done');
    warmIndexWhenOffline(db);
    return meta;
  }
  // In the page: a worker that failed above is not tried again, and without one there is none to try.
  return syncCatalogue({ db, worker: false, firstListings });
}

/**
 * With a fresh copy and no sync this session, the listing index is read only when the app goes offline (in the
 * background, in small reads), not at every start: most sessions never need it. No first listings' pages here:
 * a session that starts offline is already opening its own screen, whose query should not wait behind them (with
 * them, the bench's offline reload took up to 0.3 s longer in 3 runs of 4).
 */
function warmIndexWhenOffline(db: CatalogueDb): void {
  const warm = () => {
    if (!getNetworkStatus().offline) return false;
    void idle()
      .then(() => warmAnswers(db, [], {}))
      .catch(() => undefined);
    return true;
  };
  if (warm()) return;
  const stop = subscribeNetworkStatus(() => {
    if (warm()) stop();
  });
}
