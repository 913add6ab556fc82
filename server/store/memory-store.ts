/** The in-memory adapter: the same Table as on disk, with nothing to persist. Used by MSW and tests. */
import type { Row, Stores, TableName } from '#server/core/ports';
import type { ActivityBook } from './activity-book';
import { activityFields, createActivityBook } from './activity-book';
import { rowFields } from './record-schemas';
import type { InMemoryTable, TableState } from './table';
import { createTable } from './table';
import type { StoredMail } from '#server/core/records';
import type { MailSink } from './mail-sink';
import { createMailSink, mailFields } from './mail-sink';

const empty = <T>(): TableState<T> => ({ seq: 0, rows: [] });

/** The same row rule as on disk, so the mock refuses exactly what the server refuses. */
function memoryTableOf<T extends Row>(
  label: TableName,
  book: ActivityBook,
  mail: MailSink,
): InMemoryTable<T> {
  return createTable<T>(empty<T>(), async () => undefined, label, {
    check: (row) => rowFields(label, row),
    onLog: book.add,
    checkLog: activityFields,
    mail,
  });
}

export function createMemoryStores(): Stores {
  const book = createActivityBook();
  const mail = createTable<StoredMail>(empty<StoredMail>(), async () => undefined, 'mail', {
    check: mailFields,
  });
  const sink = createMailSink(mail);
  const memoryTable = <T extends Row>(label: TableName) => memoryTableOf<T>(label, book, sink);
  return {
    activity: book,
    mail,
    categories: memoryTable('categories'),
    products: memoryTable('products'),
    users: memoryTable('users'),
    sessions: memoryTable('sessions'),
    orders: memoryTable('orders'),
    wishlist: memoryTable('wishlist'),
    stockRequests: memoryTable('stockRequests'),
    notifications: memoryTable('notifications'),
  };
}
