/**
 * The on-disk adapter. DATA_DIR holds, for each collection, a snapshot and a journal of the changes since
 * (journal-table.ts), so one change appends one line whatever the size of the collection:
 *   categories.json + categories.journal   products.json + products.journal
 *   users.json + users.journal             sessions.json + sessions.journal
 *   wishlist.json, stock-requests.json, notifications.json (+ .journal): saved products, back-in-stock
 *                    requests and their notifications
 *   orders/          orders with their items and idempotency keys, in shards of 1,000 (order-shards.ts):
 *                    placing an order rewrites one small file, whatever the number of orders
 *   activity.journal activity entries whose journal line a compaction has dropped (activity-book.ts);
 *                    newer entries are still in the journal line of the change they record
 *   mail.json + mail.journal  the mail outbox with each mail's delivery state (mail-table.ts, issue 26)
 *   uploads/         images under content-hash names (fs-image-storage.ts)
 *   rows-checked.json  the files whose rows are known good, so a start checks only what changed
 *                    (row-check-memo.ts)
 * Snapshots are read through lowdb's adapter interface (DurableJsonFile); the Table in table.ts batches
 * the changes made while a write is in flight into the next write (group commit) and commits them only
 * once that write has landed.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Row, Stores, TableName } from '#server/core/ports';
import type { StoredActivity, StoredOrder } from '#server/core/records';
import type { InMemoryTable, TableState } from './table';
import type { ActivityBook } from './activity-book';
import { createActivityBook } from './activity-book';
import type { ActivityArchive } from './activity-archive';
import { ACTIVITY_FILE, openActivityArchive } from './activity-archive';
import type { BeforeWrite } from './lowdb-durable-file';
import type { JournalTable } from './journal-table';
import { openJournalTable } from './journal-table';
import { openOrderShards } from './order-shards';
import type { RowCheckMemo } from './row-check-memo';
import { openRowCheckMemo } from './row-check-memo';
import { fileProblem, rowFields } from './record-schemas';
import type { MailSink } from './mail-sink';
import { MAIL_FILE, openMailTable } from './mail-table';

type FileCollection = Exclude<TableName, 'orders'>;

export const COLLECTION_FILES = {
  categories: 'categories.json',
  products: 'products.json',
  users: 'users.json',
  sessions: 'sessions.json',
  wishlist: 'wishlist.json',
  stockRequests: 'stock-requests.json',
  notifications: 'notifications.json',
} as const satisfies Record<FileCollection, string>;

function openTable<T extends Row>(
  dataDir: string,
  collection: FileCollection,
  { beforeWrite, report }: LowdbStoreOptions,
  memo: RowCheckMemo,
  activity: { book: ActivityBook; archive: ActivityArchive },
  mail: MailSink,
): Promise<JournalTable<T>> {
  return openJournalTable<T>({
    file: join(dataDir, COLLECTION_FILES[collection]),
    fileProblem,
    rowRule: { fields: (row) => rowFields(collection, row), report, memo },
    beforeWrite,
    activity,
    mail,
  });
}

export interface LowdbStoreOptions {
  beforeWrite?: BeforeWrite;
  /** Where lines about quarantined rows go (default: stderr). */
  report?: (line: string) => void;
  /** ACTIVITY_RETENTION_DAYS: activity entries older than this are dropped; unset: kept for ever. */
  activityRetentionDays?: number;
}

/** Every table's committed rows and the activity log, all as they stood at one moment. */
export interface StoreSnapshot {
  /** Each journal table's snapshot file (relative to DATA_DIR) and its committed state. */
  collections: { file: string; state: TableState<Row> }[];
  orders: TableState<Row>;
  activity: readonly StoredActivity[];
}

export interface LowdbStores extends Stores {
  /**
   * Taken in one synchronous step, so no batch can land between two tables: the consistent set a backup
   * writes (server/ops/backup/). Only committed rows, i.e. rows whose write has landed and been answered.
   * Rows are never changed in place (a change puts a new object), so holding the references is enough.
   */
  snapshot(): StoreSnapshot;
  /**
   * Drops the activity entries past the retention from the log in memory and from activity.journal (a no-op
   * without retention); how many went (the larger count of the two: entries still in a table's journal are
   * left out when that journal's compaction archives them).
   */
  compactActivity(): Promise<number>;
}

/** Opens (or creates) every collection; rejects with CorruptDataFileError on a damaged file. */
export async function openLowdbStores(
  dataDir: string,
  options: LowdbStoreOptions = {},
): Promise<LowdbStores> {
  await mkdir(dataDir, { recursive: true });
  const memo = await openRowCheckMemo(dataDir);
  const book = createActivityBook();
  const days = options.activityRetentionDays;
  const retainFrom = () => (days ? new Date(Date.now() - days * 86_400_000).toISOString() : undefined);
  const archive = await openActivityArchive(join(dataDir, ACTIVITY_FILE), book, { ...options, retainFrom });
  const mail = await openMailTable(dataDir, options, memo);
  // Each journal table's committed state by file, for snapshot() below.
  const states = new Map<string, () => TableState<Row>>([[MAIL_FILE, () => mail.table.snapshot()]]);
  const open = async <T extends Row>(name: FileCollection) => {
    const table = await openTable<T>(dataDir, name, options, memo, { book, archive }, mail.sink);
    states.set(COLLECTION_FILES[name], () => table.snapshot());
    return table;
  };
  const stores: Stores & { orders: InMemoryTable<StoredOrder> } = {
    categories: await open('categories'),
    products: await open('products'),
    users: await open('users'),
    sessions: await open('sessions'),
    wishlist: await open('wishlist'),
    stockRequests: await open('stockRequests'),
    notifications: await open('notifications'),
    orders: await openOrderShards(dataDir, {
      beforeWrite: options.beforeWrite,
      report: options.report,
      memo,
      mail: mail.sink,
    }),
    activity: book,
    mail: mail.table,
  };
  await memo.save();
  // The journals' replays added their entries too: the log the core reads starts within the retention.
  const cutoff = retainFrom();
  if (cutoff) book.prune(cutoff);
  return {
    async compactActivity() {
      const cutoff = retainFrom();
      const gone = cutoff ? book.prune(cutoff) : 0;
      return Math.max(gone, await archive.compact());
    },
    ...stores,
    snapshot() {
      const collections = [...states].map(([file, state]) => ({ file, state: state() }));
      return { collections, orders: stores.orders.snapshot(), activity: book.all().slice() };
    },
  };
}
