import type { Category } from '#contract/schemas/category';
import { api } from './api-client';
import { cachedApi } from './catalogue-cache';
import { catalogueDb, readCatalogueMeta, type CatalogueDb, type CatalogueMeta } from './db';
import { idle } from './idle';
import { warmIndex } from './local-index';
import { deleteProducts, writeProducts } from './local-writes';
import { getNetworkStatus, setLastSynced, subscribeNetworkStatus } from './network-status';
import { warmPicturesAfterSync } from './picture-warmup';

/**
 * Background copy of the whole catalogue into IndexedDB, so any product can be opened and any listing
 * query answered offline (catalogue-cache falls back to it). Loaded lazily after the first render.
 *
 * Why it is shaped like this: the copy must never make the UI janky, so it fetches small pages
 * (SYNC_PAGE_SIZE products, the API's limit cap) and yields to the browser between pages
 * (requestIdleCallback), which keeps every task on the main thread short (parse + bulkPut of one page).
 * The next PAGES_AHEAD pages are asked for while the current one is written, so the round trips (through
 * the service worker) and the writes overlap; still one page at a time is written, and each answer is
 * parsed in a task of its own.
 * Pages are read in a stable order (latest first, ties by id); if the catalogue changed while we were
 * paging (the count of distinct ids disagrees with the server's total), the copy is retried once.
 * Products that are gone from the server are removed at the end (found from the table's keys alone: reading
 * every product back would be seconds of cursor steps); the `catalogue` meta row is written
 * last, so `complete: true` always means a whole, consistent copy. `<html data-catalogue-sync>` exposes
 * the state (running | done | failed) for tests and curious eyes.
 * The listing index (local-index.ts) is read before the copy (cheap on a first visit) and the copy's writes
 * keep it, so the first offline listing after a sync reads nothing but its page.
 * A successful copy then starts the picture warm-up (picture-warmup.ts: the 320 px pictures of the featured
 * products and the first listing pages, through the service worker, within a byte budget), in the background:
 * the sync is done without waiting for it. `<html data-picture-warmup>` shows its state.
 */
export const SYNC_PAGE_SIZE = 100;
/** Pages asked for while the current one is written: enough to hide the round trips, few enough to stay polite. */
export const PAGES_AHEAD = 3;

type Yield = () => Promise<void>;

/** Wait for an idle moment (or at most a second): the next page never competes with user input. */
export { idle };

function mark(state: 'running' | 'done' | 'failed'): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.catalogueSync = state;
}

async function copyOnce(
  db: CatalogueDb,
  pause: Yield,
  size: number,
): Promise<{ ids: Set<number>; total: number }> {
  const ids = new Set<number>();
  const fetchPage = (page: number) => {
    const res = api('listProducts', { query: { limit: size, page, sort: 'latest' } });
    res.catch(() => undefined); // awaited in turn below; not "unhandled" while earlier pages are written
    return res;
  };
  let res = await fetchPage(1);
  let total = res.total;
  const pages = Math.ceil(total / size);
  const ahead: Array<ReturnType<typeof fetchPage>> = [];
  let asked = 1;
  for (;;) {
    while (asked < pages && ahead.length < PAGES_AHEAD) ahead.push(fetchPage(++asked));
    await writeProducts(db, res.items);
    for (const p of res.items) ids.add(p.id);
    const next = ahead.shift();
    if (!next) return { ids, total };
    await pause();
    res = await next;
    total = res.total;
  }
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
  const size = options.pageSize ?? SYNC_PAGE_SIZE;
  const afterSync = options.afterSync ?? warmPicturesAfterSync;
  mark('running');
  try {
    const categories = await cachedApi('listCategories');
    await warmIndex(db);
    await pause();
    let copy = await copyOnce(db, pause, size);
    if (copy.ids.size !== copy.total) copy = await copyOnce(db, pause, size);
    const kept = copy.ids;
    const stale = (await db.products.toCollection().primaryKeys()).filter((id) => !kept.has(id));
    await deleteProducts(db, stale);
    const meta: CatalogueMeta = {
      key: 'catalogue',
      syncedAt: Date.now(),
      total: copy.ids.size,
      complete: true,
    };
    await db.meta.put(meta);
    setLastSynced(meta.syncedAt);
    mark('done');
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
