/**
 * The PostgreSQL store (issue 16) on a throwaway cluster: rows come back exactly as they went in (money
 * through integer cents, order items through their own table, optional fields absent), activity entries
 * land with their change, two instances over one database see each other's writes (at once through
 * LISTEN/NOTIFY, and always before a write of their own), a failed transaction changes nothing, and the
 * shared throttle counters count every call once and refuse a flood before it reaches the database.
 */
import { expect, it } from 'vitest';
import pg from 'pg';
import type { StoredActivity, StoredCategory, StoredOrder, StoredProduct } from '#server/core/records';
import { usePgStores } from '#server/test/use-pg-cluster';
import type { PgStores } from './pg-store';
import { createPgThrottles } from './pg-throttles';

const cluster = usePgStores();
const { openStores } = cluster;

const product = (id: number, more: Partial<StoredProduct> = {}): StoredProduct => ({
  id,
  title: `Tee ${id}`,
  short_description: 'Soft',
  description: '<p>Soft</p>',
  sku: `TL-${id}`,
  featured_image: null,
  images: [{ url: '/uploads/a.webp' }],
  sale_price: null,
  regular_price: 19.99,
  category_ids: [1],
  sizes: ['S', 'M'],
  colors: ['teal'],
  collections: [],
  created_at: '2030-01-01T00:00:00.000Z',
  ...more,
});

const order = (id: number): StoredOrder => ({
  id,
  user_id: 7,
  name: 'Ada',
  email: 'ada@example.test',
  total: 45.48,
  payment_method: 'cod',
  status: 'pending',
  created_at: '2030-01-02T00:00:00.000Z',
  shipping_address: '{}',
  status_history: [],
  items: [
    {
      id: 1,
      product_id: 3,
      product_title: 'Tee 3',
      qty: 2,
      size: 'S',
      color: 'teal',
      price: 19.99,
      size_id: null,
    },
    { id: 2, product_id: 4, product_title: 'Tee 4', qty: 1, size: '', color: '', price: 5.5, size_id: 'S' },
  ],
  idempotency_key: 'key-1',
});

const entry = (label: string): StoredActivity => ({
  id: `e-${label}`,
  at: '2030-01-03T00:00:00.000Z',
  actor: { id: 1, name: 'Admin' },
  action: 'create',
  entity: 'category',
  entity_id: 1,
  label,
  changes: [{ field: 'name', before: null, after: label }],
});

it('rows, order items and activity entries come back exactly as written, after a reopen', async () => {
  const url = await cluster.createDatabase();
  const a = await openStores(url);
  const cat: StoredCategory = { id: 1, name: 'Shirts', slug: 'shirts', image: null };
  await a.categories.change(() => ({ put: [cat], result: undefined, log: [entry('Shirts')] }));
  const p1 = product(3, {
    sale_price: 12.5,
    inventory: [{ size: 'S', color: 'teal', quantity: 4, held: 1 }],
  });
  const p2 = product(4);
  await a.products.change(() => ({ put: [p1, p2, product(5)], result: undefined }));
  await a.orders.change(() => ({ put: [order(1)], result: undefined }));
  await a.orders.change((get) => ({ put: [{ ...get(1)!, status: 'shipped' }], result: undefined }));
  await a.products.change(() => ({ remove: [5], result: undefined }));
  await a.close();

  const b = await openStores(url);
  expect(b.categories.all()).toEqual([cat]);
  expect(b.products.all()).toEqual([p1, p2]);
  // No inventory stays no inventory (not null): the field is optional.
  expect('inventory' in b.products.get(4)!).toBe(false);
  expect(b.orders.get(1)).toEqual({ ...order(1), status: 'shipped' });
  expect(b.activity.all()).toEqual([entry('Shirts')]);
  // Ids are never handed out again, also after a delete of the highest.
  const next = await b.products.change((_get, nextId) => ({ result: nextId() }));
  expect(next).toBe(6);
  // Money is stored in cents.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const prices = await client.query('SELECT regular_price_cents, sale_price_cents FROM products ORDER BY id');
  await client.end();
  expect(prices.rows).toEqual([
    { regular_price_cents: 1999, sale_price_cents: 1250 },
    { regular_price_cents: 1999, sale_price_cents: null },
  ]);
});

it('two instances: a write on one is seen by the other within a second, and writes never collide', async () => {
  const url = await cluster.createDatabase();
  const a = await openStores(url);
  const b = await openStores(url);
  await a.products.change((_get, nextId) => ({ put: [product(nextId())], result: undefined }));
  const deadline = Date.now() + 1_000;
  while (!b.products.get(1) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(b.products.get(1)?.title).toBe('Tee 1');

  // Both add rows at once: the table's lock runs the batches one after the other, each seeing the other's.
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      (i % 2 ? a : b).products.change((_get, nextId) => ({ put: [product(nextId())], result: undefined })),
    ),
  );
  await a.products.refresh!();
  await b.products.refresh!();
  const ids = (s: PgStores) =>
    s.products
      .all()
      .map((p) => p.id)
      .sort((x, y) => x - y);
  expect(ids(a)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
  expect(ids(b)).toEqual(ids(a));

  // A change function on B sees A's latest row, even before any notification arrived.
  await a.products.change((get) => ({ put: [{ ...get(1)!, regular_price: 30 }], result: undefined }));
  const seen = await b.products.change((get) => ({ result: get(1)!.regular_price }));
  expect(seen).toBe(30);
  // Deletes reach the other instance too.
  await b.products.change(() => ({ remove: [2], result: undefined }));
  await a.products.refresh!();
  expect(a.products.get(2)).toBeUndefined();
});

it('a transaction that fails changes nothing, in the database or in memory', async () => {
  const url = await cluster.createDatabase();
  const a = await openStores(url);
  await a.categories.change(() => ({
    put: [{ id: 1, name: 'Shirts', slug: 'shirts', image: null }],
    result: undefined,
  }));
  // The database refuses a second category with the same slug (unique index): the batch rolls back.
  await expect(
    a.categories.change(() => ({
      put: [{ id: 2, name: 'Tops', slug: 'shirts', image: null }],
      result: undefined,
      log: [entry('Tops')],
    })),
  ).rejects.toMatchObject({ code: 'storage_unavailable' });
  expect(a.categories.all()).toHaveLength(1);
  expect(a.activity.all()).toEqual([]);
  const b = await openStores(url);
  expect(b.categories.all()).toHaveLength(1);
  expect(b.activity.all()).toEqual([]);
  // The table still works after the rollback.
  await a.categories.change(() => ({
    put: [{ id: 3, name: 'Tops', slug: 'tops', image: null }],
    result: undefined,
  }));
  expect(a.categories.all()).toHaveLength(2);
});

it('throttle counters are atomic across instances, expire, and a flood of one kind is refused before it reaches the database, sparing the others', async () => {
  const url = await cluster.createDatabase();
  const a = await openStores(url);
  const b = await openStores(url);
  const count = (store: PgStores) =>
    store.throttles!.update<{ n: number }, number>(
      'k',
      (held, now) => {
        const n = (held?.n ?? 0) + 1;
        return { next: { n }, expiresAt: now + 60_000, result: n };
      },
      { kind: 'register' },
    );
  // 40 increments at once, half through each instance: every one counted, none lost to a race.
  const seen = await Promise.all(Array.from({ length: 40 }, (_, i) => count(i % 2 ? a : b)));
  expect([...seen].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  // An expired value reads as absent.
  await a.throttles!.update(
    'gone',
    (_held, now) => ({ next: { n: 1 }, expiresAt: now - 1, result: undefined }),
    { kind: 'register' },
  );
  expect(
    await a.throttles!.update('gone', (held) => ({ next: undefined, expiresAt: 0, result: held }), {
      kind: 'register',
    }),
  ).toBeUndefined();

  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const narrow = createPgThrottles(pool, { concurrency: 1, maxQueue: 1 });
  try {
    const step = () => ({ next: undefined, expiresAt: 0, result: 'ran' });
    const calls = Array.from({ length: 4 }, () =>
      narrow.update('f', step, { kind: 'sign-in' }).catch((e: { code?: string }) => e.code),
    );
    const settles = Array.from({ length: 4 }, () =>
      narrow.update('f', step, { kind: 'sign-in', settle: true }),
    );
    // Another kind of budget has a gate of its own: a full sign-in gate refuses no order's count.
    const order = narrow.update('o', step, { kind: 'placeOrder' });
    // One runs and one waits; the rest are refused at once. Settling updates always run.
    expect((await Promise.all(calls)).sort()).toEqual([
      'ran',
      'ran',
      'too_many_requests',
      'too_many_requests',
    ]);
    expect(await Promise.all(settles)).toEqual(['ran', 'ran', 'ran', 'ran']);
    expect(await order).toBe('ran');
  } finally {
    narrow.close();
    await pool.end();
  }
}, 30_000);
