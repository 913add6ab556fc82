import type { Product, ProductListResponse } from '#contract/schemas/product';
import { api } from './api-client';
import { readCatalogueMeta, type CatalogueDb, type CatalogueMeta } from './db';
import { replaceProducts } from './local-writes';

/**
 * The catalogue copy itself (catalogue-sync.ts explains the why), with no DOM: the built app runs it in a
 * dedicated worker (catalogue-sync.worker.ts), so fetching, parsing and checking the pages against the contract
 * and writing them to IndexedDB never make a task on the main thread; tests and the demo run it in the page.
 *
 * Where the time went before (10k products, issue 29): one page of 100 per round trip with 3 asked ahead and an
 * idle callback between pages (so a busy page stalled it), every page its own transaction, and the zod check of
 * each page on the main thread; then, 500 products per transaction but one IndexedDB record per product (2 of
 * the copy's 2.4 s were those writes). Now: PAGES_AHEAD pages in flight (the browser's six connections, less
 * one for the app), and the whole copy written at the end as rows of CHUNK_SPAN products (product-chunks.ts),
 * a few rows per transaction; in the worker, with no pause at all.
 */
export const SYNC_PAGE_SIZE = 100;
/** Pages asked for while the current ones are written: enough to hide the round trips, one connection left. */
export const PAGES_AHEAD = 5;

export type Yield = () => Promise<void>;

/** Every product of the server's catalogue, read page by page, PAGES_AHEAD pages in flight; and its total. */
async function copyOnce(size: number): Promise<{ products: Map<number, Product>; total: number }> {
  const products = new Map<number, Product>();
  const fetchPage = (page: number) => {
    const res = api('listProducts', { query: { limit: size, page, sort: 'latest' } });
    res.catch(() => undefined); // awaited in turn below; not "unhandled" while earlier pages are read
    return res;
  };
  let res: ProductListResponse = await fetchPage(1);
  let total = res.total;
  const pages = Math.ceil(total / size);
  const ahead: Array<ReturnType<typeof fetchPage>> = [];
  let asked = 1;
  for (;;) {
    while (asked < pages && ahead.length < PAGES_AHEAD) ahead.push(fetchPage(++asked));
    for (const p of res.items) products.set(p.id, p);
    const next = ahead.shift();
    if (!next) return { products, total };
    res = await next;
    total = res.total;
  }
}

/**
 * Copy everything; resolves with the meta row written (throws when the network fails midway, and then the
 * copy held before is left as it was). Pages are read in a stable order (latest first, ties by id); if the
 * catalogue changed while we were paging (the count of distinct ids disagrees with the server's total), the
 * copy is read again once. The stored products then become the copy's in a few writes of whole rows
 * (local-writes.ts replaceProducts: products gone from the server go with them); the `catalogue` meta row is
 * written last, so `complete: true` always means a whole, consistent copy.
 */
export async function copyCatalogue(
  db: CatalogueDb,
  pause: Yield,
  size = SYNC_PAGE_SIZE,
): Promise<CatalogueMeta> {
  let copy = await copyOnce(size);
  if (copy.products.size !== copy.total) copy = await copyOnce(size);
  await replaceProducts(db, copy.products.values(), pause);
  const meta: CatalogueMeta = {
    key: 'catalogue',
    syncedAt: Date.now(),
    total: copy.products.size,
    complete: true,
  };
  await db.meta.put(meta);
  return meta;
}

/**
 * The worker's entry (catalogue-sync.worker.ts): with `maxAgeMs`, a complete copy younger than that is answered
 * as it is (`fresh`), without copying; otherwise `onStart` runs and everything is copied.
 */
export async function copyIfStale(
  db: CatalogueDb,
  options: { pageSize?: number; maxAgeMs?: number; onStart?: () => void },
): Promise<{ meta: CatalogueMeta; fresh: boolean }> {
  if (options.maxAgeMs !== undefined) {
    const meta = await readCatalogueMeta(db);
    if (meta?.complete && Date.now() - meta.syncedAt < options.maxAgeMs) return { meta, fresh: true };
  }
  options.onStart?.();
  return { meta: await copyCatalogue(db, () => Promise.resolve(), options.pageSize), fresh: false };
}
