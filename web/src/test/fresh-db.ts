import type Dexie from 'dexie';
import { afterEach, beforeEach } from 'vitest';

let made = 0;

/**
 * A fresh Dexie database for each test (the test file imports 'fake-indexeddb/auto' first): made and swapped in
 * with `swap` before each test; after it, once `beforeDelete` has stopped whatever still uses it, swapped out and
 * deleted. Answers a getter for the current test's database.
 */
export function freshDbPerTest<D extends Dexie>(
  Db: new (name: string) => D,
  swap: (db: D | null) => void,
  beforeDelete?: () => unknown,
): () => D {
  let db: D | null = null;
  beforeEach(() => {
    db = new Db(`test-${Db.name}-${++made}`);
    swap(db);
  });
  afterEach(async () => {
    await beforeDelete?.();
    swap(null);
    await db?.delete();
    db = null;
  });
  return () => {
    if (!db) throw new Error('the test database exists only while a test runs');
    return db;
  };
}
