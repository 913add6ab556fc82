import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { createClient, PNG_DATA_URL, SHIPPING } from '#tests/contract/client';
import { openDemoBackend, resetDemoBackend } from './demo-backend';
import { openDemoDb } from './demo-db';
import { demoStore } from './demo-source';
import { installMockBackend, MOCK_ADMIN, resetMockStore } from './mock-store';
import { server } from './node';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => resetMockStore());
afterAll(() => server.close());

const c = createClient(() => ({ baseUrl: 'http://localhost', admin: MOCK_ADMIN }));
let n = 0;
const freshDb = () => `demo-test-${++n}`;

/** A page load of the demo: the backend restored from (or seeded into) the database `dbName`. */
async function pageLoad(dbName: string) {
  const backend = openDemoBackend({ dbName });
  installMockBackend(backend);
  return backend;
}

it('seeds the same catalogue as the memory mock on first start', async () => {
  await pageLoad(freshDb());
  const list = async () => (await c.call('listProducts', { query: { limit: 100 } })).body;
  const saved = { products: await list(), categories: (await c.call('listCategories')).body };
  expect((await c.call('login', { body: MOCK_ADMIN })).status).toBe(200);
  await resetMockStore();
  expect(saved).toEqual({ products: await list(), categories: (await c.call('listCategories')).body });
  expect(saved.products.total).toBe(demoStore().products.length);
});

it('keeps accounts, sessions, orders, catalogue edits and uploads across a reload', async () => {
  const db = freshDb();
  await pageLoad(db);
  const shopper = await c.newShopper();
  const admin = await c.adminToken();
  const created = await c.call('createProduct', {
    token: admin,
    body: { title: 'Saved Tee', regular_price: 25, image: PNG_DATA_URL },
  });
  expect(created.status).toBe(201);
  await c.call('deleteProduct', { token: admin, params: { id: 1 } });
  const line = {
    productId: created.body.id,
    sizeId: null,
    qty: 2,
    price: 25,
    selectedSize: '',
    selectedColor: '',
  };
  const order = await c.call('placeOrder', {
    token: shopper.token,
    body: { cart: [line], shipping_address: SHIPPING, payment_method: 'cod' },
  });
  expect(order.status).toBe(201);
  const reportBefore = (await c.call('salesReport', { token: admin })).body;

  await pageLoad(db);
  expect((await c.call('me', { token: shopper.token })).body).toMatchObject({ email: shopper.email });
  expect((await c.call('myOrders', { token: shopper.token })).body).toHaveLength(1);
  expect((await c.call('salesReport', { token: admin })).body).toEqual(reportBefore);
  expect((await c.call('getProduct', { params: { id: 1 } })).status).toBe(404);
  const saved = await c.call('getProduct', { params: { id: created.body.id } });
  expect(saved.body).toMatchObject({ title: 'Saved Tee' });
  const img = await fetch(`http://localhost${String(saved.body.featured_image)}`);
  expect(img.status).toBe(200);
  // Ids go on from where they were: a new product never takes a deleted or existing id.
  const next = await c.call('createProduct', { token: admin, body: { title: 'Next Tee', regular_price: 5 } });
  expect(next.body.id).toBeGreaterThan(created.body.id);
});

it('tells other tabs once the seed is whole and after each saved change', async () => {
  const db = freshDb();
  const onSaved = vi.fn();
  installMockBackend(openDemoBackend({ dbName: db, onSaved }));
  await c.adminToken();
  expect(onSaved).toHaveBeenCalledTimes(2); // the seed, then the login's session
  onSaved.mockClear();
  installMockBackend(openDemoBackend({ dbName: db, onSaved }));
  await c.call('listProducts');
  expect(onSaved).not.toHaveBeenCalled();
  await c.newShopper();
  expect(onSaved).toHaveBeenCalled();
});

it('a reset brings back the seeded demo and ends every session', async () => {
  const db = freshDb();
  await pageLoad(db);
  const shopper = await c.newShopper();
  const admin = await c.adminToken();
  await c.call('deleteProduct', { token: admin, params: { id: 1 } });

  await resetDemoBackend({ dbName: db });
  await pageLoad(db);
  expect((await c.call('getProduct', { params: { id: 1 } })).status).toBe(200);
  expect((await c.call('me', { token: shopper.token })).status).toBe(401);
  expect((await c.call('login', { body: { email: shopper.email, password: shopper.password } })).status).toBe(
    401,
  );
  expect((await c.call('listProducts', { query: { limit: 100 } })).body.total).toBe(
    demoStore().products.length,
  );
});

it('keeps working in memory when saving fails (quota), and a reload finds the state before the failure', async () => {
  const db = freshDb();
  const b = await pageLoad(db);
  const early = await c.newShopper();
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const quota = vi
    .spyOn(Dexie.prototype, 'transaction')
    .mockRejectedValue(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
  const late = await c.newShopper();
  await c.newShopper();
  expect((await c.call('me', { token: late.token })).status).toBe(200);
  expect(b.core.deps.stores.users.all().some((u) => u.email === late.email)).toBe(true);
  expect(warn).toHaveBeenCalledTimes(1);
  quota.mockRestore();
  warn.mockRestore();

  await pageLoad(db);
  expect((await c.call('me', { token: early.token })).status).toBe(200);
  expect((await c.call('me', { token: late.token })).status).toBe(401);
});

it('resetMockStore() goes back to the memory mock: nothing reaches the database', async () => {
  const db = freshDb();
  await pageLoad(db);
  const users = () => openDemoDb(db).table('users').count();
  const before = await users();
  await resetMockStore();
  await c.newShopper();
  expect(await users()).toBe(before);
});
