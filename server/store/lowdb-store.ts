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
import { fileProblem } from './record-schemas';

export const COLLECTION_FILES = {
  categories: 'categories.json',
  products: 'products.json',
  users: 'users.json',
  sessions: 'sessions.json',
  orders: 'orders.json',
} as const satisfies Record<keyof Stores, string>;

async function openTable<T extends Row>(
  dataDir: string,
  collection: keyof Stores,
  beforeWrite?: BeforeWrite,
): Promise<InMemoryTable<T>> {
  const file = join(dataDir, COLLECTION_FILES[collection]);
  const check = (data: unknown) => fileProblem(collection, data);
  const db = new Low<TableState<T>>(new DurableJsonFile<TableState<T>>(file, check, beforeWrite), {
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
  const open = <T extends Row>(name: keyof Stores) => openTable<T>(dataDir, name, options.beforeWrite);
  return {
    categories: await open('categories'),
    products: await open('products'),
    users: await open('users'),
    sessions: await open('sessions'),
    orders: await open('orders'),
  };
}
