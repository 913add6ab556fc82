/**
 * The activity log survives kill -9 (issue 15): each admin write is acknowledged only once its entry
 * is on disk with it, so killing the real server right after each acknowledgement loses no entry and
 * doubles none, also across the compactions the restarts run; in the node-pg project, on PostgreSQL.
 */
import { expect, it } from 'vitest';
import type { ActivityEntry } from '#contract/schemas/activity';
import { PNG_DATA_URL } from '../tests/contract/client';
import { useSpawnedServers } from './test/spawned-servers';

const { freshSetup } = useSpawnedServers();

it("kill -9 right after each admin write's acknowledgement: every entry is there once, with its before and after", async () => {
  // On PostgreSQL in the node-pg project (vitest.config.ts): one database for every restart.
  const { c, start } = await freshSetup('threadline-activity-kill-');
  /** Runs one write on a fresh server and kills it the moment the write is acknowledged. */
  const writeThenKill = async <T>(write: (admin: string) => Promise<T>): Promise<T> => {
    const server = await start();
    const out = await write(await c.adminToken());
    server.child.kill('SIGKILL');
    await server.exited;
    return out;
  };

  const product = {
    title: 'Kill Tee',
    description: '',
    sku: '',
    category: '',
    image: PNG_DATA_URL,
    regular_price: 30,
    sale_price: null,
    sizes: ['M'],
    colors: ['black'],
    inventory: [{ size: 'M', color: 'black', quantity: 5 }],
  };
  const productId = await writeThenKill(async (admin) => {
    const r = await c.call('createProduct', { token: admin, body: product });
    expect(r.status).toBe(201);
    return r.body.id as number;
  });
  await writeThenKill(async (admin) => {
    const r = await c.call('updateProduct', {
      token: admin,
      params: { id: productId },
      body: {
        ...product,
        image: '',
        regular_price: 27,
        inventory: [{ size: 'M', color: 'black', quantity: 8 }],
      },
    });
    expect(r.status).toBe(200);
  });
  const orderId = await writeThenKill(async (admin) => {
    const shopper = await c.newShopper();
    const id = await c.placeOrder(shopper.token, [
      { productId, qty: 1, selectedSize: 'M', selectedColor: 'black' },
    ]);
    const r = await c.call('updateOrderStatus', {
      token: admin,
      params: { id },
      body: { status: 'processing' },
    });
    expect(r.status).toBe(200);
    return id;
  });
  const categoryId = await writeThenKill(async (admin) => {
    const r = await c.call('createCategory', {
      token: admin,
      body: { name: 'Kill Cat', image: PNG_DATA_URL },
    });
    expect(r.status).toBe(201);
    return r.body.id as number;
  });

  const server = await start();
  const admin = await c.adminToken();
  const r = await c.call<{ items: ActivityEntry[]; total: number }>('listActivity', {
    token: admin,
    query: { limit: 100 },
  });
  expect(r.status).toBe(200);
  const summary = r.body.items.map((e) => [e.action, e.entity, e.entity_id, e.changes]);
  expect(summary).toEqual([
    [
      'create',
      'category',
      categoryId,
      expect.arrayContaining([{ field: 'name', before: null, after: 'Kill Cat' }]),
    ],
    ['status', 'order', orderId, [{ field: 'status', before: 'pending', after: 'processing' }]],
    [
      'update',
      'product',
      productId,
      [
        { field: 'regular_price', before: 30, after: 27 },
        { field: 'stock M / black', before: 5, after: 8 },
      ],
    ],
    [
      'create',
      'product',
      productId,
      expect.arrayContaining([{ field: 'title', before: null, after: 'Kill Tee' }]),
    ],
  ]);
  expect(r.body.total).toBe(4);
  server.child.kill('SIGKILL');
}, 120_000);
