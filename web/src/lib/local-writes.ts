import type { Product } from '#contract/schemas/product';
import { readProductsVersion, type CatalogueDb } from './db';
import type { SearchEngine } from '#contract/rules/search-engine';
import { deleteRows, putRows, trackWrite, type ListingRow } from './local-index';

/**
 * Every write to the `products` table: the write and a raise of the `products` counter in one transaction,
 * then the same change to this tab's listing index (local-index.ts explains why).
 */
async function bump(db: CatalogueDb): Promise<{ from: number; to: number }> {
  const from = await readProductsVersion(db);
  await db.meta.put({ key: 'products', version: from + 1 });
  return { from, to: from + 1 };
}

/**
 * One write of `list` to the table (`apply`) with the counter's raise, then the same change to the listing
 * index (`change`); nothing at all for an empty list.
 */
function productsWrite<T>(
  db: CatalogueDb,
  list: T[],
  apply: (list: T[]) => Promise<unknown>,
  change: (rows: Map<number, ListingRow>, list: T[], engine: SearchEngine | undefined) => boolean,
): Promise<void> {
  if (list.length === 0) return Promise.resolve();
  return trackWrite(
    db,
    () =>
      db.transaction('rw', db.products, db.meta, async () => {
        await apply(list);
        return bump(db);
      }),
    (rows, engine) => change(rows, list, engine),
  );
}

export function writeProducts(db: CatalogueDb, products: Product[]): Promise<void> {
  return productsWrite(db, products, (list) => db.products.bulkPut(list), putRows);
}

export function deleteProducts(db: CatalogueDb, ids: number[]): Promise<void> {
  return productsWrite(db, ids, (list) => db.products.bulkDelete(list), deleteRows);
}
