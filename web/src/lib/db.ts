import Dexie, { type Table } from 'dexie';
import type { Product } from '#contract/schemas/product';
import { swappable } from './swappable';

/**
 * The offline catalogue in IndexedDB (Dexie). Storage layout:
 * - `products`: every product we have seen, by id (details, list answers and the background sync all write here);
 * - `responses`: the last answer of each public GET-like call, keyed by call name + input (categories, an exact
 *   list query, the countries), for the network-first fallback before the whole catalogue is copied; only the
 *   MAX_RESPONSES most recent are kept, since every distinct search makes a row;
 * - `meta`: small rows such as `catalogue` (when the full copy last finished and how many products it holds).
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

export type MetaRow = CatalogueMeta;

export const MAX_RESPONSES = 200;

export class CatalogueDb extends Dexie {
  products!: Table<Product, number>;
  responses!: Table<CachedResponse, string>;
  meta!: Table<MetaRow, string>;

  constructor(name = 'threadline-catalogue') {
    super(name);
    this.version(1).stores({ products: 'id', responses: 'key, savedAt', meta: 'key' });
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
