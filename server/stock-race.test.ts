/**
 * Orders never oversell (issue 14): fifty shoppers racing for the last ten units get exactly ten, on the
 * real server over HTTP; and a kill -9 in the middle of such a race loses no acknowledged order, keeps
 * its units taken after the restart, and still lets no more than ten units be sold in all.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { ContractClient } from '../tests/contract/client';
import { createClient, SHIPPING } from '../tests/contract/client';
import { freePort, SPAWN_ADMIN, spawnServer } from './test/spawn-server';
import { startTestServer, TEST_ADMIN } from './test/test-server';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** A tracked product with `units` of its one size × colour; the shoppers who will race for it. */
async function setUp(c: ContractClient, units: number, shoppers: number) {
  const admin = await c.adminToken();
  const created = await c.call('createProduct', {
    token: admin,
    body: {
      title: 'Last Units Tee',
      regular_price: 20,
      sale_price: null,
      sizes: ['M'],
      colors: ['black'],
      inventory: [{ size: 'M', color: 'black', quantity: units }],
    },
  });
  expect(created.status).toBe(201);
  const tokens = (await Promise.all(Array.from({ length: shoppers }, () => c.newShopper()))).map(
    (s) => s.token,
  );
  return { admin, productId: created.body.id as number, tokens };
}

/** One order of one unit, as a plain fetch: its status and, on 201, its order id. */
async function orderOne(
  base: string,
  token: string,
  productId: number,
): Promise<{ status: number; id?: number }> {
  const r = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      cart: [{ productId, qty: 1, selectedSize: 'M', selectedColor: 'black' }],
      shipping_address: SHIPPING,
      payment_method: 'cod',
    }),
  });
  const body = (await r.json()) as { orderId?: number; code?: string };
  if (r.status === 409) expect(body.code).toBe('out_of_stock');
  return { status: r.status, id: body.orderId };
}

const unitsLeft = async (c: ContractClient, admin: string, id: number): Promise<number | null | undefined> =>
  (await c.call('productStock', { token: admin, params: { id } })).body.variants[0]?.quantity;

/** Ids of the stored orders holding the product (the admin's plain list, items of each). */
async function ordersOf(c: ContractClient, admin: string, productId: number): Promise<number[]> {
  const all = (await c.call('listOrders', { token: admin })).body as { id: number; status: string }[];
  const out: number[] = [];
  for (const o of all) {
    const items = (await c.call('orderItems', { token: admin, params: { id: o.id } })).body as {
      product_id: number;
    }[];
    if (items.some((it) => it.product_id === productId)) out.push(o.id);
  }
  return out;
}

it('50 parallel orders for 10 units: exactly 10 accepted, 40 refused with out_of_stock, 0 left', async () => {
  const srv = await startTestServer({ rateLimits: false });
  try {
    const c = createClient(() => ({ baseUrl: srv.baseUrl, admin: TEST_ADMIN }));
    const { admin, productId, tokens } = await setUp(c, 10, 5);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => orderOne(srv.baseUrl, tokens[i % tokens.length]!, productId)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(40);
    expect(await unitsLeft(c, admin, productId)).toBe(0);
    expect(await ordersOf(c, admin, productId)).toHaveLength(10);
  } finally {
    await srv.close();
  }
}, 60_000);

it('kill -9 in the middle of the race: acknowledged orders keep their units after the restart, and 10 are sold in all', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'threadline-stock-race-'));
  dirs.push(dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const start = async () => {
    const server = spawnServer(dataDir, port, { RATE_LIMITS: 'off' });
    children.push(server.child);
    await server.listening;
    return server;
  };
  const c = createClient(() => ({ baseUrl: base, admin: SPAWN_ADMIN }));
  let server = await start();
  const { productId, tokens } = await setUp(c, 10, 5);

  const acked: number[] = [];
  let killing: Promise<unknown> | undefined;
  const race = Array.from({ length: 50 }, async (_, i) => {
    try {
      const r = await orderOne(base, tokens[i % tokens.length]!, productId);
      if (r.status === 201 && r.id) acked.push(r.id);
      // Killed as soon as a few orders are acknowledged, with the rest of the race in flight.
      if (acked.length >= 4 && !killing) {
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGKILL');
        killing = exited;
      }
    } catch {
      // the server is gone
    }
  });
  await Promise.all(race);
  await killing;
  expect(acked.length).toBeGreaterThanOrEqual(4);

  server = await start();
  const admin = await c.adminToken();
  const stored = await ordersOf(c, admin, productId);
  expect(acked.filter((id) => !stored.includes(id))).toEqual([]);
  expect(stored.length).toBeLessThanOrEqual(10);
  expect(await unitsLeft(c, admin, productId)).toBe(10 - stored.length);

  // The second race gets exactly what is left.
  const second = await Promise.all(
    Array.from({ length: 50 }, (_, i) => orderOne(base, tokens[i % tokens.length]!, productId)),
  );
  expect(second.filter((r) => r.status === 201)).toHaveLength(10 - stored.length);
  expect(await unitsLeft(c, admin, productId)).toBe(0);
  expect(await ordersOf(c, admin, productId)).toHaveLength(10);
  server.child.kill('SIGKILL');
}, 120_000);
