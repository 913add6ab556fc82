import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredOrder } from '#server/core/records';
import { openLowdbStores } from './lowdb-store';
import { openOrderShards } from './order-shards';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'threadline-shards-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const order = (id: number, userId = 1): StoredOrder => ({
  id,
  user_id: userId,
  name: 'Sam',
  email: 'sam@example.test',
  total: 12.5,
  payment_method: 'cod',
  status: 'pending',
  created_at: '2026-01-01T10:00:00.000Z',
  shipping_address: '{}',
  status_history: [],
  items: [
    {
      id: id * 1000 + 1,
      product_id: 1,
      product_title: 'Tee',
      qty: 1,
      size: '',
      color: '',
      price: 12.5,
      size_id: null,
    },
  ],
  idempotency_key: null,
});

const shardIds = async (file: string): Promise<number[]> =>
  (JSON.parse(await readFile(join(dir, 'orders', file), 'utf8')) as { rows: { id: number }[] }).rows.map(
    (r) => r.id,
  );

describe('order shards', () => {
  it('each shard holds its own id range; a new order rewrites only the last shard', async () => {
    const t = await openOrderShards(dir, { shardSize: 10 });
    await t.mutate(() => ({ rows: Array.from({ length: 25 }, (_, i) => order(i + 1)), result: 0 }));
    expect(await readdir(join(dir, 'orders'))).toEqual(['000001.json', '000002.json', '000003.json']);
    expect(await shardIds('000002.json')).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    const before = await readFile(join(dir, 'orders', '000001.json'), 'utf8');
    const id = await t.change((_g, nextId) => {
      const n = nextId();
      return { put: [order(n)], result: n };
    });
    expect(id).toBe(26);
    expect(await shardIds('000003.json')).toEqual([21, 22, 23, 24, 25, 26]);
    expect(await readFile(join(dir, 'orders', '000001.json'), 'utf8')).toBe(before);
    const reopened = await openOrderShards(dir, { shardSize: 10 });
    expect(reopened.all().map((o) => o.id)).toEqual(Array.from({ length: 26 }, (_, i) => i + 1));
  });

  it('concurrent orders across a shard boundary all land, in one or more batches', async () => {
    const t = await openOrderShards(dir, { shardSize: 10 });
    const ids = await Promise.all(
      Array.from({ length: 35 }, () =>
        t.change((_g, nextId) => {
          const n = nextId();
          return { put: [order(n)], result: n };
        }),
      ),
    );
    expect(new Set(ids).size).toBe(35);
    const reopened = await openOrderShards(dir, { shardSize: 10 });
    expect(reopened.all()).toHaveLength(35);
  });

  it('an orders.json from the earlier layout is moved into shards at start and kept as a backup', async () => {
    const legacy = { seq: 2503, rows: Array.from({ length: 2500 }, (_, i) => order(i + 1, (i % 7) + 1)) };
    await writeFile(join(dir, 'orders.json'), JSON.stringify(legacy));
    const stores = await openLowdbStores(dir);
    expect(stores.orders.all()).toHaveLength(2500);
    expect(stores.orders.get(1234)).toEqual(legacy.rows[1233]);
    expect(existsSync(join(dir, 'orders.json'))).toBe(false);
    expect(JSON.parse(await readFile(join(dir, 'orders.json.migrated'), 'utf8'))).toEqual(legacy);
    expect(await readdir(join(dir, 'orders'))).toEqual(['000001.json', '000002.json', '000003.json']);
    // The legacy seq is kept: ids it had handed out are not reused.
    const id = await stores.orders.change((_g, nextId) => {
      const n = nextId();
      return { put: [order(n)], result: n };
    });
    expect(id).toBe(2504);
    const again = await openLowdbStores(dir);
    expect(again.orders.all()).toHaveLength(2501);
  });

  it('a start interrupted after the shards were written but before the rename simply migrates again', async () => {
    const legacy = { seq: 12, rows: Array.from({ length: 12 }, (_, i) => order(i + 1)) };
    await writeFile(join(dir, 'orders.json'), JSON.stringify(legacy));
    await openLowdbStores(dir);
    await writeFile(join(dir, 'orders.json'), JSON.stringify(legacy));
    const stores = await openLowdbStores(dir);
    expect(stores.orders.all().map((o) => o.id)).toEqual(legacy.rows.map((o) => o.id));
  });
});
