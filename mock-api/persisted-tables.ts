/**
 * The demo's memory tables and image storage, written through to IndexedDB (demo-db.ts). It is the
 * same Table as the server's (server/store/table.ts) with a `persist` step that saves the batch's net
 * changes in one IndexedDB transaction before the change is committed and answered, as the server does
 * with its files.
 *
 * Unlike the server, a failed save (quota exceeded, storage refused by the browser) does not fail the
 * request: the demo warns once, stops saving and keeps working in memory, so the database holds the
 * state just before the failure. An image that does not fit only loses that image.
 */
import type { Stores } from '#server/core/ports';
import type { MemoryImageStorage } from '#server/store/memory-image-storage';
import { createMemoryImageStorage } from '#server/store/memory-image-storage';
import type { Persist, TableState } from '#server/store/table';
import { rowFields } from '#server/store/record-schemas';
import { createTable } from '#server/store/table';
import { activityFields, createActivityBook } from '#server/store/activity-book';
import { createMailSink, mailFields } from '#server/store/mail-sink';
import type { StoredMail } from '#server/core/records';
import type { DemoDb, DemoSnapshot, RowOf, TableName } from './demo-db';

/** Whether this backend still writes to the database; one is stopped when another takes over. */
export interface SaveSwitch {
  readonly on: boolean;
  stop(reason?: unknown): void;
  /** Told after each landed save (other tabs reload the demo); unset while the seed is being written. */
  onSaved?: () => void;
}

export function createSaveSwitch(): SaveSwitch {
  let on = true;
  return {
    get on() {
      return on;
    },
    stop(reason) {
      if (on && reason !== undefined)
        console.warn(
          '[demo] saving the demo data failed; from now on changes are kept in memory only:',
          reason,
        );
      on = false;
    },
  };
}

function persistTo<K extends TableName | 'mail'>(
  db: DemoDb,
  name: K,
  save: SaveSwitch,
): Persist<K extends TableName ? RowOf<K> : StoredMail> {
  return async (write) => {
    if (!save.on) return;
    const put: unknown[] = [];
    const remove: number[] = [];
    for (const [id, row] of write.changes) {
      if (row) put.push(row);
      else remove.push(id);
    }
    // Rows go in as they are; demo-db.ts checks them on the way back.
    const table = db.table<unknown, number>(name);
    try {
      const stores = [table, db.table('meta'), db.table('activity'), db.table('mail')];
      await db.transaction('rw', stores, async () => {
        if (put.length) await table.bulkPut(put);
        if (remove.length) await table.bulkDelete(remove);
        if (write.log.length) await db.table('activity').bulkPut([...write.log]);
        // The change's mails, in its own transaction (the outbox table then only records their delivery).
        if (write.mail.length) await db.table('mail').bulkPut([...write.mail]);
        await db.table('meta').put({ key: name, seq: write.seq });
      });
      save.onSaved?.();
    } catch (e) {
      save.stop(e);
    }
  };
}

const empty = <T>(): TableState<T> => ({ seq: 0, rows: [] });

/** Tables starting from `from` (a restored snapshot, or empty before seeding) that save every change. */
export function createPersistedStores(db: DemoDb, save: SaveSwitch, from?: DemoSnapshot): Stores {
  const book = createActivityBook();
  book.add(from?.activity ?? []);
  const mail = createTable<StoredMail>(from?.mail ?? empty(), persistTo(db, 'mail', save), 'demo mail', {
    check: mailFields,
  });
  const sink = createMailSink(mail);
  const table = <K extends TableName>(name: K, initial: TableState<RowOf<K>> | undefined) =>
    createTable<RowOf<K>>(
      initial ?? empty(),
      persistTo(db, name, save) as Persist<RowOf<K>>,
      `demo ${name}`,
      {
        check: (row) => rowFields(name, row),
        onLog: book.add,
        checkLog: activityFields,
        mail: sink,
      },
    );
  return {
    activity: book,
    mail,
    categories: table('categories', from?.categories),
    products: table('products', from?.products),
    users: table('users', from?.users),
    sessions: table('sessions', from?.sessions),
    orders: table('orders', from?.orders),
    wishlist: table('wishlist', from?.wishlist),
    stockRequests: table('stockRequests', from?.stockRequests),
    notifications: table('notifications', from?.notifications),
  };
}

/** Memory image storage (the mock's /uploads handler reads it) that also saves each upload. */
export function createPersistedImages(db: DemoDb, save: SaveSwitch, from?: DemoSnapshot): MemoryImageStorage {
  const memory = createMemoryImageStorage();
  for (const img of from?.images ?? []) void memory.put(img.name, img.bytes, img.contentType);
  return {
    ...memory,
    async put(name, bytes, contentType) {
      await memory.put(name, bytes, contentType);
      if (!save.on) return;
      try {
        await db.table('images').put({ name, bytes, contentType });
        save.onSaved?.();
      } catch (e) {
        console.warn(`[demo] the image ${name} was not saved (it stays until the page is closed):`, e);
      }
    },
  };
}
