/**
 * The on-disk adapter. DATA_DIR holds one JSON file per collection, each `{ seq, rows }`:
 *   categories.json  products.json  users.json  sessions.json
 *   orders.json      (orders with their items and idempotency keys: one order = one atomic write)
 *   uploads/         images under content-hash names (fs-image-storage.ts)
 * Each file is a lowdb database over DurableJsonFile; the Table in table.ts serialises writes per
 * file and only commits a change once its file write has landed.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import type { Row, Stores } from '../core/ports';
import type { BeforeWrite } from './lowdb-durable-file';
import { DurableJsonFile } from './lowdb-durable-file';
import type { InMemoryTable, TableState } from './table';
import { createTable } from './table';

export const COLLECTION_FILES = {
  categories: 'categories.json',
  products: 'products.json',
  users: 'users.json',
  sessions: 'sessions.json',
  orders: 'orders.json',
} as const satisfies Record<keyof Stores, string>;

/** The minimal shape every collection file must have; anything else is reported as corrupt. */
function checkShape(data: unknown): string | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return 'expected an object { seq, rows }';
  const { seq, rows } = data as { seq?: unknown; rows?: unknown };
  if (typeof seq !== 'number' || !Number.isInteger(seq) || seq < 0) return '"seq" must be a whole number';
  if (!Array.isArray(rows)) return '"rows" must be a list';
  const bad = rows.findIndex(
    (r) => !r || typeof r !== 'object' || typeof (r as { id?: unknown }).id !== 'number',
  );
  return bad >= 0 ? `row ${bad} has no numeric id` : null;
}

async function openTable<T extends Row>(file: string, beforeWrite?: BeforeWrite): Promise<InMemoryTable<T>> {
  const db = new Low<TableState<T>>(new DurableJsonFile<TableState<T>>(file, checkShape, beforeWrite), {
    seq: 0,
    rows: [],
  });
  await db.read();
  return createTable<T>(
    db.data,
    async (next) => {
      const previous = db.data;
      db.data = next;
      try {
        await db.write();
      } catch (e) {
        db.data = previous;
        throw e;
      }
    },
    file,
  );
}

export interface LowdbStoreOptions {
  beforeWrite?: BeforeWrite;
}

/** Opens (or creates) every collection; rejects with CorruptDataFileError on a damaged file. */
export async function openLowdbStores(dataDir: string, options: LowdbStoreOptions = {}): Promise<Stores> {
  await mkdir(dataDir, { recursive: true });
  const f = (name: keyof Stores) => join(dataDir, COLLECTION_FILES[name]);
  return {
    categories: await openTable(f('categories'), options.beforeWrite),
    products: await openTable(f('products'), options.beforeWrite),
    users: await openTable(f('users'), options.beforeWrite),
    sessions: await openTable(f('sessions'), options.beforeWrite),
    orders: await openTable(f('orders'), options.beforeWrite),
  };
}
