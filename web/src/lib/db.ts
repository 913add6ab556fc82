import Dexie, { type Table } from 'dexie';
import type { Product } from '#contract/schemas/product';
import { chunksOf, ProductStore, type ProductChunk } from './product-chunks';
import { swappable } from './swappable';

/**
 * The offline catalogue in IndexedDB (Dexie). Storage layout:
 * - `productChunks`: every product we have seen (details, list answers and the background sync all write here),
 *   stored CHUNK_SPAN ids to a row and read and written only through `productStore` (product-chunks.ts says why:
 *   the cost of a copy is paid per record written, the cost of a read per product in the rows read). Version 1
 *   kept one product per row in `products`, version 2 a hundred ids to a row in `chunks`; opening either moves
 *   the products into rows of the current span and drops the old table. A new table rather than new rows in the
 *   old one: a tab still running an older app writes to the table it knows (Dexie 4 puts it back for that tab),
 *   where this version never reads, instead of putting products into rows of another span: such a write is
 *   missing from this version's copy until the next copy, never mixed into it;
 * - `responses`: the last answer of each public GET-like call, keyed by call name + input (categories, an exact
 *   list query, the countries), for the network-first fallback before the whole catalogue is copied; only the
 *   MAX_RESPONSES most recent are kept, since every distinct search makes a row;
 * - `meta`: small rows: `catalogue` (when the full copy last finished and how many products it holds) and
 *   `products` (a counter every write to the products raises in the same transaction, so a tab's in-memory listing
 *   index, local-index.ts, can tell whether the table changed under it, e.g. written by another tab).
 *   A tab still running an app version from before the counter writes without raising it; what it writes is
 *   seen by the other tabs' indexes at their next session (no schema change could stop it: Dexie 4 reopens a
 *   newer database as it is).
 * This module is only ever imported lazily (catalogue-cache, catalogue-sync) so Dexie stays out of the first load.
 */
export interface CachedResponse {
  key: string;
  data: unknown;
  savedAt: number;
}

export interface CatalogueMeta {
  key: 'catalogue';
  syncedAt: number;
  total: number;
  complete: boolean;
}

export interface ProductsVersion {
  key: 'products';
  version: number;
}

export type MetaRow = CatalogueMeta | ProductsVersion;

export const MAX_RESPONSES = 200;

export class CatalogueDb extends Dexie {
  productChunks!: Table<ProductChunk, number>;
  responses!: Table<CachedResponse, string>;
  meta!: Table<MetaRow, string>;
  /** The products, by id, over `productChunks`: every read and write of a product goes through it. */
  readonly productStore: ProductStore;

  constructor(name = 'threadline-catalogue') {
    super(name);
    this.version(1).stores({ products: 'id', responses: 'key, savedAt', meta: 'key' });
    this.version(2)
      .stores({ products: null, chunks: 'n' })
      .upgrade(async (tx) => {
        const kept = await tx.table<Product, number>('products').toArray();
        await tx.table<ProductChunk, number>('chunks').bulkPut(chunksOf(kept));
      });
    this.version(3)
      .stores({ chunks: null, productChunks: 'n' })
      .upgrade(async (tx) => {
        const rows = await tx.table<ProductChunk, number>('chunks').toArray();
        await tx
          .table<ProductChunk, number>('productChunks')
          .bulkPut(chunksOf(rows.flatMap((row) => row.products)));
      });
    this.productStore = new ProductStore(this.productChunks);
  }
}

const current = swappable(() => new CatalogueDb());

/** The app's one database (tests swap it with setCatalogueDb for a fresh one). */
export function catalogueDb(): CatalogueDb {
  return current.get();
}

export function setCatalogueDb(db: CatalogueDb | null): void {
  current.set(db);
}

/** The `catalogue` row (undefined until a first copy finished). */
export async function readCatalogueMeta(db: CatalogueDb): Promise<CatalogueMeta | undefined> {
  const row = await db.meta.get('catalogue');
  return row?.key === 'catalogue' ? row : undefined;
}

/** The `products` counter (0 before the first counted write). */
export async function readProductsVersion(db: CatalogueDb): Promise<number> {
  const row = await db.meta.get('products');
  return row?.key === 'products' ? row.version : 0;
}
