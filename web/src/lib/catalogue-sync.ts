import type { Category } from '#contract/schemas/category';
import { cachedApi } from './catalogue-cache';
import { catalogueDb, readCatalogueMeta, type CatalogueDb, type CatalogueMeta } from './db';
import { idle } from './idle';
import { warmIndex } from './local-index';
import { copyCatalogue, type Yield } from './catalogue-copy';
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
 * A successful copy then starts the picture warm-up (picture-warmup.ts: the 320 px pictures of the featured
 * products and the first listing pages, through the service worker, within a byte budget), in the background:
 * the sync is done without waiting for it. `<html data-picture-warmup>` shows its state.
 */
export { SYNC_PAGE_SIZE, PAGES_AHEAD, WRITE_BATCH } from './catalogue-copy';

/** Wait for an idle moment (or at most a second): the next page never competes with user input. */
export { idle };

function mark(state: 'running' | 'done' | 'failed'): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.catalogueSync = state;
}

/** Whether this build copies in a worker: the built shop (not the demo, whose API lives in the page's MSW). */
function workerAvailable(): boolean {
  return import.meta.env.PROD && !__DEMO__ && typeof Worker !== 'undefined';
}

/** The copy in a dedicated worker (undefined when the worker could not run it: copy in the page then). */
function copyInWorker(pageSize: number | undefined): Promise<CatalogueMeta | undefined> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./catalogue-sync.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(undefined);
      return;
    }
    const finish = (meta: CatalogueMeta | undefined) => {
      worker.terminate();
      resolve(meta);
    };
    worker.onmessage = (e: MessageEvent<{ meta?: CatalogueMeta; error?: string }>) => {
      if (e.data.error) console.warn('Catalogue copy in the worker failed:', e.data.error);
      finish(e.data.meta);
    };
    worker.onerror = () => finish(undefined);
    worker.postMessage({ pageSize });
  });
}

/** Copy everything; resolves with the meta row written (throws when the network fails midway). */
export async function syncCatalogue(
  options: {
    db?: CatalogueDb;
    pause?: Yield;
    pageSize?: number;
    /** What runs after a successful copy (tests replace it); by default the picture warm-up. */
    afterSync?: (categories: Category[]) => Promise<unknown>;
  } = {},
): Promise<CatalogueMeta> {
  const db = options.db ?? catalogueDb();
  const pause = options.pause ?? idle;
  const afterSync = options.afterSync ?? warmPicturesAfterSync;
  mark('running');
  try {
    const categoriesLoad = cachedApi('listCategories');
    categoriesLoad.catch(() => undefined); // awaited below
    // The worker opens the app's own database: only a copy into that one can go there.
    const inWorker = workerAvailable() && db === catalogueDb();
    let meta = inWorker ? await copyInWorker(options.pageSize) : undefined;
    if (!meta) {
      // In the page: the listing index is read first (cheap on a first visit) and the copy's writes keep it.
      await warmIndex(db);
      meta = await copyCatalogue(db, pause, options.pageSize);
    }
    const categories = await categoriesLoad;
    setLastSynced(meta.syncedAt);
    mark('done');
    // The listing index and the search engine, read again in the background if the copy left them behind.
    // `<html data-offline-index="ready">` once both are (the bench times it).
    void idle()
      .then(() => warmIndex(db, { engine: true }))
      .then(() => {
        if (typeof document !== 'undefined') document.documentElement.dataset.offlineIndex = 'ready';
      })
      .catch(() => undefined);
    afterSync(categories).catch((err: unknown) => console.warn('Picture warm-up stopped:', err));
    return meta;
  } catch (err) {
    mark('failed');
    throw err;
  }
}

/** A copy younger than this is fresh enough: browsing refreshes what is viewed network-first anyway. */
export const SYNC_MAX_AGE_MS = 10 * 60 * 1000;

/** Boot and back-online entry: copy again only when the last complete copy is older than SYNC_MAX_AGE_MS. */
export async function syncIfStale(maxAgeMs = SYNC_MAX_AGE_MS): Promise<CatalogueMeta> {
  const db = catalogueDb();
  const meta = await readCatalogueMeta(db);
  if (meta?.complete && Date.now() - meta.syncedAt < maxAgeMs) {
    setLastSynced(meta.syncedAt);
    mark('done');
    warmIndexWhenOffline(db);
    return meta;
  }
  return syncCatalogue({ db });
}

/**
 * With a fresh copy and no sync this session, the listing index is read only when the app goes offline (in the
 * background, in small reads), not at every start: most sessions never need it.
 */
function warmIndexWhenOffline(db: CatalogueDb): void {
  const warm = () => {
    if (!getNetworkStatus().offline) return false;
    void idle()
      .then(() => warmIndex(db))
      .catch(() => undefined);
    return true;
  };
  if (warm()) return;
  const stop = subscribeNetworkStatus(() => {
    if (warm()) stop();
  });
}
