/**
 * The demo backend's IndexedDB (Dexie), browser demo only. Layout of `threadline-demo`:
 *   categories products users sessions orders wishlist stockRequests notifications
 *           the rows of each table, by id, as the core stores them
 *   meta    `<table>` -> { seq } (the table's last id handed out, so a deleted top id is never reused)
 *           `ready`   -> { version } (written once the seed has fully landed: without it the data is a
 *                        half-finished seed and is thrown away)
 *   images  uploaded images by content-hash name: { name, bytes, contentType }
 *   activity  the admin's activity entries by id, saved in the transaction of the change they record
 *   mail    the demo's outbox (issue 26) by id, saved in the transaction of the change that caused each
 * Rows come back through the same row schemas the server checks its data files with, so a stale or
 * hand-edited database is reseeded instead of failing requests later.
 */
import Dexie from 'dexie';
import { z } from 'zod';
import type { StoredActivity, StoredMail } from '#server/core/records';
import { ACTIVITY_SCHEMA, MAIL_SCHEMA, ROW_SCHEMAS } from '#server/core/records';
import type { TableState } from '#server/store/table';
import { TABLE_NAMES, type TableName } from '#server/core/ports';

/** Bump when the stored shape changes: an older database is then reseeded. */
export const DEMO_DATA_VERSION = 2;
export const DEMO_DB_NAME = 'threadline-demo';
/** The core's tables, each an object store of its own. */
export const TABLES = TABLE_NAMES;

export type { TableName };
export type RowOf<K extends TableName> = z.infer<(typeof ROW_SCHEMAS)[K]>;

export interface StoredImage {
  name: string;
  bytes: Uint8Array;
  contentType: string;
}

const metaSchema = z.object({
  key: z.string(),
  seq: z.number().int().nonnegative().optional(),
  version: z.number().optional(),
});
const imageSchema = z.object({ name: z.string(), bytes: z.instanceof(Uint8Array), contentType: z.string() });

// A plain Dexie, not a subclass: Dexie's typing of a subclass's transactions is too deep for tsc here.
export type DemoDb = Dexie;

export function openDemoDb(name = DEMO_DB_NAME): DemoDb {
  const db = new Dexie(name);
  // Version 2 adds the stock tables (issue 14); an older database is reseeded (DEMO_DATA_VERSION).
  db.version(2).stores({ ...Object.fromEntries(TABLES.map((t) => [t, 'id'])), meta: 'key', images: 'name' });
  // Version 3 adds the activity log (issue 15): nothing stored before changes shape, so no reseed.
  db.version(3).stores({ activity: 'id' });
  // Version 4 adds the outbox (issue 26): nothing stored before changes shape, so no reseed.
  db.version(4).stores({ mail: 'id' });
  return db;
}

function validRows<K extends TableName>(name: K, rows: unknown[]): rows is Array<RowOf<K>> {
  return z.array(ROW_SCHEMAS[name]).safeParse(rows).success;
}

async function loadTable<K extends TableName>(
  db: DemoDb,
  name: K,
): Promise<TableState<RowOf<K>> | undefined> {
  const rows = await db.table<unknown, number>(name).toArray();
  const meta = metaSchema.safeParse(await db.table('meta').get(name));
  if (!validRows(name, rows)) return undefined;
  return { seq: meta.success ? (meta.data.seq ?? 0) : 0, rows };
}

export type DemoSnapshot = { [K in TableName]: TableState<RowOf<K>> } & {
  images: StoredImage[];
  activity: StoredActivity[];
  mail: TableState<StoredMail>;
};

/** The saved demo, or undefined when there is none (first start, unfinished seed, old or broken data). */
export async function loadSnapshot(db: DemoDb): Promise<DemoSnapshot | undefined> {
  const ready = metaSchema.safeParse(await db.table('meta').get('ready'));
  if (!ready.success || ready.data.version !== DEMO_DATA_VERSION) return undefined;
  const [categories, products, users, sessions, orders, wishlist, stockRequests, notifications] =
    await Promise.all([
      loadTable(db, 'categories'),
      loadTable(db, 'products'),
      loadTable(db, 'users'),
      loadTable(db, 'sessions'),
      loadTable(db, 'orders'),
      loadTable(db, 'wishlist'),
      loadTable(db, 'stockRequests'),
      loadTable(db, 'notifications'),
    ]);
  if (!categories || !products || !users || !sessions || !orders) return undefined;
  if (!wishlist || !stockRequests || !notifications) return undefined;
  // A broken image only loses that image.
  const images = (await db.table<unknown, string>('images').toArray()).flatMap((raw) => {
    const r = imageSchema.safeParse(raw);
    return r.success ? [r.data] : [];
  });
  // A broken entry only loses that entry.
  const activity = (await db.table<unknown, string>('activity').toArray()).flatMap((raw) => {
    const r = ACTIVITY_SCHEMA.safeParse(raw);
    return r.success ? [r.data] : [];
  });
  // A broken mail only loses that mail.
  const mailRows = (await db.table<unknown, number>('mail').toArray()).flatMap((raw) => {
    const r = MAIL_SCHEMA.safeParse(raw);
    return r.success ? [r.data] : [];
  });
  const mailSeq = metaSchema.safeParse(await db.table('meta').get('mail'));
  return {
    mail: { seq: mailSeq.success ? (mailSeq.data.seq ?? 0) : 0, rows: mailRows },
    categories,
    products,
    users,
    sessions,
    orders,
    wishlist,
    stockRequests,
    notifications,
    images,
    activity,
  };
}

export async function clearDemoDb(db: DemoDb): Promise<void> {
  // The ready marker goes first: if the page closes half-way, what is left counts as no saved demo.
  await db.table('meta').clear();
  await Promise.all(db.tables.map((t) => t.clear()));
}

export const markReady = (db: DemoDb): Promise<unknown> =>
  db.table('meta').put({ key: 'ready', version: DEMO_DATA_VERSION });
