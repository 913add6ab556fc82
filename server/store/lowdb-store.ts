/**
 * The on-disk adapter. DATA_DIR holds one JSON file per collection, each `{ seq, rows }`:
 *   categories.json  products.json  users.json  sessions.json
 *   sessions.journal the sessions changed since sessions.json, a line each (journal-table.ts): a login
 *                    or logout appends one line instead of rewriting every session
 *   orders/          orders with their items and idempotency keys, in shards of 1,000 (order-shards.ts):
 *                    placing an order rewrites one small file, whatever the number of orders
 *   uploads/         images under content-hash names (fs-image-storage.ts)
 * Each file is a lowdb database over DurableJsonFile; the Table in table.ts batches the changes made
 * while a write is in flight into the next write (group commit) and commits them only once it has landed.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import type { Row, Stores } from '#server/core/ports';
import type { BeforeWrite } from './lowdb-durable-file';
import { DurableJsonFile } from './lowdb-durable-file';
import type { InMemoryTable, TableState } from './table';
import { createTable } from './table';
import { openOrderShards } from './order-shards';
import { openJournalTable } from './journal-table';
import type { StoredSession } from '#server/core/records';
import { fileProblem, rowFields } from './record-schemas';

type FileCollection = Exclude<keyof Stores, 'orders'>;

export const COLLECTION_FILES = {
  categories: 'categories.json',
  products: 'products.json',
  users: 'users.json',
  sessions: 'sessions.json',
} as const satisfies Record<FileCollection, string>;

async function openTable<T extends Row>(
  dataDir: string,
  collection: FileCollection,
  { beforeWrite, report }: LowdbStoreOptions,
): Promise<InMemoryTable<T>> {
  const file = join(dataDir, COLLECTION_FILES[collection]);
  const rowRule = { fields: (row: unknown) => rowFields(collection, row), report };
  const adapter = new DurableJsonFile<TableState<T>>(file, fileProblem, beforeWrite, rowRule);
  const db = new Low<TableState<T>>(adapter, { seq: 0, rows: [] });
  await db.read();
  return createTable<T>(
    db.data,
    async (write) => {
      const previous = db.data;
      db.data = { seq: write.seq, rows: write.rows() };
      try {
        await db.write();
      } catch (e) {
        db.data = previous;
        throw e;
      }
    },
    file,
    { check: (row) => rowFields(collection, row) },
  );
}

export interface LowdbStoreOptions {
  beforeWrite?: BeforeWrite;
  /** Where lines about quarantined rows go (default: stderr). */
  report?: (line: string) => void;
}

/** Opens (or creates) every collection; rejects with CorruptDataFileError on a damaged file. */
export async function openLowdbStores(dataDir: string, options: LowdbStoreOptions = {}): Promise<Stores> {
  await mkdir(dataDir, { recursive: true });
  const open = <T extends Row>(name: FileCollection) => openTable<T>(dataDir, name, options);
  return {
    categories: await open('categories'),
    products: await open('products'),
    users: await open('users'),
    sessions: await openJournalTable<StoredSession>({
      file: join(dataDir, COLLECTION_FILES.sessions),
      fileProblem,
      rowRule: { fields: (row) => rowFields('sessions', row), report: options.report },
      beforeWrite: options.beforeWrite,
    }),
    orders: await openOrderShards(dataDir, { beforeWrite: options.beforeWrite, report: options.report }),
  };
}
