import type { Product } from '#contract/schemas/product';
import { readProductsVersion, type CatalogueDb } from './db';
import type { SearchEngine } from '#contract/rules/search-engine';
import { deleteRows, putRows, trackWrite, type ListingRow } from './local-index';
import { chunkOf, chunksOf } from './product-chunks';

/**
 * Every write to the products (db.ts's `productStore`): the write and a raise of the `products` counter in
 * one transaction, then the same change to this tab's listing index (local-index.ts explains why).
 */
async function bump(db: CatalogueDb): Promise<{ from: number; to: number }> {
  const from = await readProductsVersion(db);
  await db.meta.put({ key: 'products', version: from + 1 });
  return { from, to: from + 1 };
}

/** What a write that found nothing to do answers trackWrite: every index (version 0 or more) already holds it. */
const UNCHANGED = { from: 0, to: 0 };

/**
 * One write to the table (`apply`) with the counter's raise, then the same change to the listing index
 * (`change`). An `apply` that answers `false` wrote nothing: the counter stays and the index is left alone.
 */
function productsWrite(
  db: CatalogueDb,
  apply: () => Promise<unknown>,
  change: (rows: Map<number, ListingRow>, engine: SearchEngine | undefined) => boolean,
): Promise<void> {
  return trackWrite(
    db,
    () =>
      db.transaction('rw', db.productChunks, db.meta, async () =>
        (await apply()) === false ? UNCHANGED : bump(db),
      ),
    change,
  );
}

export async function writeProducts(db: CatalogueDb, products: Product[]): Promise<void> {
  if (products.length === 0) return;
  await productsWrite(
    db,
    () => db.productStore.bulkPut(products),
    (rows, engine) => putRows(rows, products, engine),
  );
}

export async function deleteProducts(db: CatalogueDb, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await productsWrite(
    db,
    () => db.productStore.bulkDelete(ids),
    (rows, engine) => deleteRows(rows, ids, engine),
  );
}

/** Rows replaced per transaction by replaceProducts: 1,000 products, each write short in the page too. */
export const CHUNKS_PER_WRITE = 10;

/**
 * The full copy's write (catalogue-copy.ts): the stored products become exactly `products`. Whole rows are
 * written as they are, CHUNKS_PER_WRITE to a transaction with `pause` between them, never read first; the rows
 * no product of the copy falls in are deleted last. The listing index follows each step.
 */
export async function replaceProducts(
  db: CatalogueDb,
  products: Iterable<Product>,
  pause: () => Promise<void>,
): Promise<void> {
  const rows = chunksOf(products);
  for (let i = 0; i < rows.length; i += CHUNKS_PER_WRITE) {
    if (i > 0) await pause();
    const group = rows.slice(i, i + CHUNKS_PER_WRITE);
    const written = group.flatMap((row) => row.products);
    const spans = new Set(group.map((row) => row.n));
    const ids = new Set(written.map((p) => p.id));
    await productsWrite(
      db,
      () => db.productStore.replaceChunks(group),
      (index, engine) => {
        const gone = [...index.keys()].filter((id) => spans.has(chunkOf(id)!) && !ids.has(id));
        const put = putRows(index, written, engine);
        return deleteRows(index, gone, engine) || put;
      },
    );
  }
  const kept = new Set(rows.map((row) => row.n));
  await productsWrite(
    db,
    async () => {
      const stale = (await db.productStore.chunkKeys()).filter((n) => !kept.has(n));
      return stale.length > 0 && db.productStore.deleteChunks(stale);
    },
    (index, engine) =>
      deleteRows(
        index,
        [...index.keys()].filter((id) => !kept.has(chunkOf(id)!)),
        engine,
      ),
  );
}
