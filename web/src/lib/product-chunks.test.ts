import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import type { Product } from '#contract/schemas/product';
import { demoData } from '#web/test/catalog-store';
import { CountingDb } from '#web/test/counting-db';
import { freshDbPerTest } from '#web/test/fresh-db';
import { syncCatalogue } from './catalogue-sync';
import { CatalogueDb, setCatalogueDb } from './db';
import { CHUNK_SPAN, chunkOf, chunksOf } from './product-chunks';

const db = freshDbPerTest(CountingDb, setCatalogueDb);

async function products(ids: number[]): Promise<Product[]> {
  const [first] = (await demoData()).products;
  return ids.map((id) => ({ ...first!, id, title: `Product ${id}` }));
}

/** The test's database deleted and made again as version 1 (one product per row), for an upgrade to open. */
async function oldDatabase(): Promise<{ name: string; old: Dexie }> {
  const name = db().name;
  db().close();
  await Dexie.delete(name);
  const old = new Dexie(name);
  old.version(1).stores({ products: 'id', responses: 'key, savedAt', meta: 'key' });
  return { name, old };
}

describe('products stored CHUNK_SPAN ids to a row', () => {
  it('groups products by the span of their ids, sorted, the last of an id winning', async () => {
    const [a, b, c, d] = await products([CHUNK_SPAN + 1, 3, 1, CHUNK_SPAN * 5]);
    const rows = chunksOf([a!, b!, c!, d!, { ...b!, title: 'again' }]);
    expect(rows.map((r) => [r.n, r.products.map((p) => p.id)])).toEqual([
      [0, [1, 3]],
      [1, [CHUNK_SPAN + 1]],
      [5, [CHUNK_SPAN * 5]],
    ]);
    expect(rows[0]!.products[1]!.title).toBe('again');
    expect([chunkOf(-1), chunkOf(1.5), chunkOf(Number.NaN)]).toEqual([undefined, undefined, undefined]);
  });

  it('reads and writes single products through their rows', async () => {
    const store = db().productStore;
    await store.bulkPut(await products([1, 2, CHUNK_SPAN + 7]));
    await store.bulkPut([{ ...(await products([2]))[0]!, title: 'Changed' }]);
    expect((await store.get(2))?.title).toBe('Changed');
    expect((await store.bulkGet([CHUNK_SPAN + 7, 5, 1, Number.NaN])).map((p) => p?.id)).toEqual([
      CHUNK_SPAN + 7,
      undefined,
      1,
      undefined,
    ]);
    expect(await store.get(Number.NaN)).toBeUndefined();
    await store.bulkDelete([2, CHUNK_SPAN + 7, 4242]);
    expect((await store.toArray()).map((p) => p.id)).toEqual([1]);
    expect(await store.chunkKeys()).toEqual([0]); // the emptied row is gone, not kept empty
    expect(await store.count()).toBe(1);
  });

  it('writes the full copy as few records: one per CHUNK_SPAN ids, not one per product', async () => {
    const demo = await demoData();
    db().recordsPut = 0;
    await syncCatalogue({ pause: async () => undefined, pageSize: 7, afterSync: async () => undefined });
    expect(await db().productStore.count()).toBe(demo.products.length);
    expect(db().recordsPut).toBe(chunksOf(demo.products).length);
    expect(db().recordsPut).toBeLessThan(demo.products.length);
  });

  it('moves the products of a version 1 database (one per row) into rows when it opens', async () => {
    const { name, old } = await oldDatabase();
    const kept = await products([1, 2, 3, CHUNK_SPAN * 2 + 1]);
    await old.table('products').bulkPut(kept);
    await old.table('meta').put({ key: 'catalogue', syncedAt: 1, total: 4, complete: true });
    old.close();
    const upgraded = new CatalogueDb(name);
    try {
      expect(await upgraded.productStore.toArray()).toEqual(kept);
      expect(await upgraded.productChunks.count()).toBe(2);
      expect(upgraded.tables.map((t) => t.name).sort()).toEqual(['meta', 'productChunks', 'responses']);
      expect((await upgraded.meta.get('catalogue'))?.key).toBe('catalogue');
    } finally {
      upgraded.close();
    }
  });

  it('moves the rows of a version 2 database (a hundred ids to a row) into rows of the current span', async () => {
    const { name, old } = await oldDatabase();
    old.version(2).stores({ products: null, chunks: 'n' });
    const kept = await products([1, 2, 30, 99, 100, 250]);
    // Version 2's rows: floor(id / 100), sorted by id.
    const v2Rows = [
      { n: 0, products: kept.filter((p) => p.id < 100) },
      { n: 1, products: kept.filter((p) => p.id >= 100 && p.id < 200) },
      { n: 2, products: kept.filter((p) => p.id >= 200) },
    ];
    await old.table('chunks').bulkPut(v2Rows);
    await old.table('meta').put({ key: 'catalogue', syncedAt: 1, total: kept.length, complete: true });
    old.close();
    const upgraded = new CatalogueDb(name);
    try {
      expect(upgraded.tables.map((t) => t.name).sort()).toEqual(['meta', 'productChunks', 'responses']);
      expect(await upgraded.productStore.toArray()).toEqual(kept);
      expect(await upgraded.productChunks.count()).toBe(chunksOf(kept).length);
      for (const p of kept) expect((await upgraded.productStore.get(p.id))?.id).toBe(p.id);
      expect((await upgraded.meta.get('catalogue'))?.key).toBe('catalogue');
    } finally {
      upgraded.close();
    }
  });
});
