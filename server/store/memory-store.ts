/** The in-memory adapter: the same Table as on disk, with nothing to persist. Used by MSW and tests. */
import type { Row, Stores, TableName } from '#server/core/ports';
import type { ActivityBook } from './activity-book';
import { activityFields, createActivityBook } from './activity-book';
import { rowFields } from './record-schemas';
import type { InMemoryTable, TableState } from './table';
import { createTable } from './table';

const empty = <T>(): TableState<T> => ({ seq: 0, rows: [] });

/** The same row rule as on disk, so the mock refuses exactly what the server refuses. */
function memoryTableOf<T extends Row>(label: TableName, book: ActivityBook): InMemoryTable<T> {
  return createTable<T>(empty<T>(), async () => undefined, label, {
    check: (row) => rowFields(label, row),
    onLog: book.add,
    checkLog: activityFields,
  });
}

export function createMemoryStores(): Stores {
  const book = createActivityBook();
  const memoryTable = <T extends Row>(label: TableName) => memoryTableOf<T>(label, book);
  return {
    activity: book,
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
