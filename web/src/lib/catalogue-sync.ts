import type { Category } from '#contract/schemas/category';
import { api } from './api-client';
import { cachedApi } from './catalogue-cache';
import { catalogueDb, type CatalogueDb, type CatalogueMeta } from './db';
import { idle } from './idle';
import { setLastSynced } from './network-status';
import { warmPicturesAfterSync } from './picture-warmup';

/**
 * Background copy of the whole catalogue into IndexedDB, so any product can be opened and any listing
 * query answered offline (catalogue-cache falls back to it). Loaded lazily after the first render.
 *
 * Why it is shaped like this: the copy must never make the UI janky, so it fetches small pages
 * (SYNC_PAGE_SIZE products, the API's limit cap) one at a time and yields to the browser between pages
 * (requestIdleCallback), which keeps every task on the main thread short (parse + bulkPut of one page).
 * Pages are read in a stable order (latest first, ties by id); if the catalogue changed while we were
 * paging (the count of distinct ids disagrees with the server's total), the copy is retried once.
 * Products that are gone from the server are removed at the end; the `catalogue` meta row is written
 * last, so `complete: true` always means a whole, consistent copy. `<html data-catalogue-sync>` exposes
 * the state (running | done | failed) for tests and curious eyes.
 * A successful copy then starts the picture warm-up (picture-warmup.ts: the 320 px pictures of the featured
 * products and the first listing pages, through the service worker, within a byte budget), in the background:
 * the sync is done without waiting for it. `<html data-picture-warmup>` shows its state.
 */
export const SYNC_PAGE_SIZE = 100;

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
  let total: number;
  for (let page = 1; ; page++) {
    const res = await api('listProducts', { query: { limit: size, page, sort: 'latest' } });
    total = res.total;
    await db.products.bulkPut(res.items);
    for (const p of res.items) ids.add(p.id);
    if (res.items.length < size || page * size >= total) break;
    await pause();
  }
  return { ids, total };
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
    await pause();
    let copy = await copyOnce(db, pause, size);
    if (copy.ids.size !== copy.total) copy = await copyOnce(db, pause, size);
    const stale = await db.products.filter((p) => !copy.ids.has(p.id)).primaryKeys();
    await db.products.bulkDelete(stale);
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
  const meta = await db.meta.get('catalogue');
  if (meta?.complete && Date.now() - meta.syncedAt < maxAgeMs) {
    setLastSynced(meta.syncedAt);
    mark('done');
    return meta;
  }
  return syncCatalogue({ db });
}
