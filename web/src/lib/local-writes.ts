import type { Product } from '#contract/schemas/product';
import { readProductsVersion, type CatalogueDb } from './db';
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

/** One write to the table (`apply`) with the counter's raise, then `change` applied to the listing index. */
function productsWrite(
  db: CatalogueDb,
  apply: () => Promise<unknown>,
  change: (rows: Map<number, ListingRow>) => boolean,
): Promise<void> {
  return trackWrite(
    db,
    () =>
      db.transaction('rw', db.products, db.meta, async () => {
        await apply();
        return bump(db);
      }),
    change,
  );
}

export function writeProducts(db: CatalogueDb, products: Product[]): Promise<void> {
  if (products.length === 0) return Promise.resolve();
  return productsWrite(
    db,
    () => db.products.bulkPut(products),
    (rows) => putRows(rows, products),
  );
}

export function deleteProducts(db: CatalogueDb, ids: number[]): Promise<void> {
  if (ids.length === 0) return Promise.resolve();
  return productsWrite(
    db,
    () => db.products.bulkDelete(ids),
    (rows) => deleteRows(rows, ids),
  );
}
