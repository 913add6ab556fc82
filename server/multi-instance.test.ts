/**
 * Several instances over one PostgreSQL database (issue 16), as real server processes: a token from one
 * works on the other, an order placed on one is listed by the other, a product edited on one is served
 * changed (with a new ETag) by the other (in milliseconds; the test allows 5 s on a busy machine), repeated
 * Idempotency-Keys spread over both give one order per key, and kill -9 of one instance during an order storm
 * loses no acknowledged order.
 * The sign-in brake and the request budgets are the database's, not each instance's.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient, PNG_DATA_URL, SHIPPING } from '../tests/contract/client';
import type { PgCluster } from './test/pg-cluster';
import { startPgCluster } from './test/pg-cluster';
import { freePort, SPAWN_ADMIN, spawnServer } from './test/spawn-server';

/**
 * How long B may take to serve A's edit: milliseconds on an idle machine (LISTEN/NOTIFY), but a CI machine running
 * the whole suite can hold a process back for a second or more. A bound, not a speed target: B that never hears
 * of the edit still fails.
 */
const PROPAGATION_MS = 5_000;

let cluster: PgCluster;
let url = '';
const dirs: string[] = [];
const children: ChildProcess[] = [];
beforeAll(async () => {
  cluster = await startPgCluster();
  url = await cluster.createDatabase();
}, 60_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) await rm(d, { recursive: true, force: true });
  await cluster?.stop();
});

async function instance(
  dataDir: string,
  port?: number,
  env: Record<string, string> = { RATE_LIMITS: 'off' },
) {
  const p = port ?? (await freePort());
  const server = spawnServer(dataDir, p, { DATABASE_URL: url, ...env });
  children.push(server.child);
  await server.listening;
  const base = `http://127.0.0.1:${p}`;
  return { server, base, port: p, client: createClient(() => ({ baseUrl: base, admin: SPAWN_ADMIN })) };
}

async function placeOrder(base: string, token: string, productId: number, key?: string) {
  const r = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify({
      cart: [{ productId, qty: 1, selectedSize: 'M', selectedColor: 'black' }],
      shipping_address: SHIPPING,
      payment_method: 'cod',
    }),
  });
  return { status: r.status, orderId: ((await r.json()) as { orderId?: number }).orderId };
}

it('two instances share sessions, orders, catalogue edits and idempotency keys; kill -9 of one loses nothing acknowledged', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'threadline-multi-'));
  dirs.push(dataDir);
  const a = await instance(dataDir);
  const b = await instance(dataDir);

  // A token issued by A works on B.
  const admin = await a.client.adminToken();
  expect((await b.client.call('me', { token: admin })).status).toBe(200);
  const shopper = await a.client.newShopper();
  expect((await b.client.call('me', { token: shopper.token })).status).toBe(200);

  // A product made and then edited on A is served changed by B within a second, with a new ETag.
  const form = {
    title: 'Shared Tee',
    description: '',
    sku: '',
    category: '',
    image: PNG_DATA_URL,
    regular_price: 20,
    sale_price: null,
    sizes: ['M'],
    colors: ['black'],
  };
  const productId = (await a.client.call('createProduct', { token: admin, body: form })).body.id as number;
  const onB = async () => {
    const r = await fetch(`${b.base}/api/products/${productId}`);
    return {
      status: r.status,
      etag: r.headers.get('etag'),
      body: r.status === 200 ? ((await r.json()) as { title: string }) : null,
    };
  };
  const waitOnB = async (ok: (r: Awaited<ReturnType<typeof onB>>) => boolean) => {
    const start = Date.now();
    let r = await onB();
    while (!ok(r) && Date.now() - start < PROPAGATION_MS) {
      await new Promise((res) => setTimeout(res, 20));
      r = await onB();
    }
    return { r, ms: Date.now() - start };
  };
  const first = await waitOnB((r) => r.status === 200);
  expect(first.r.body?.title).toBe('Shared Tee');
  await a.client.call('updateProduct', {
    token: admin,
    params: { id: productId },
    body: { ...form, image: '', title: 'Shared Tee, edited' },
  });
  const edited = await waitOnB((r) => r.body?.title === 'Shared Tee, edited');
  expect(edited.r.body?.title).toBe('Shared Tee, edited');
  expect(edited.ms).toBeLessThan(PROPAGATION_MS);
  expect(edited.r.etag).not.toBe(first.r.etag);

  // An order placed on A is listed by B.
  const placed = await placeOrder(a.base, shopper.token, productId);
  expect(placed.status).toBe(201);
  const listed = (await b.client.call('listOrders', { token: admin })).body as { id: number }[];
  expect(listed.map((o) => o.id)).toContain(placed.orderId);

  // 200 orders over both instances at once, each of 100 keys sent once to A and once to B.
  const shoppers = await Promise.all(Array.from({ length: 4 }, () => a.client.newShopper()));
  const storm = Array.from({ length: 100 }, (_, k) => {
    const token = shoppers[k % shoppers.length]!.token;
    return Promise.all([
      placeOrder(a.base, token, productId, `key-${k}`),
      placeOrder(b.base, token, productId, `key-${k}`),
    ]);
  });
  const pairs = await Promise.all(storm);
  for (const [x, y] of pairs) {
    expect([x.status, y.status]).toEqual([201, 201]);
    expect(x.orderId).toBe(y.orderId);
  }
  const all = (await b.client.call('listOrders', { token: admin })).body as { id: number }[];
  expect(new Set(pairs.map(([x]) => x.orderId)).size).toBe(100);
  expect(all).toHaveLength(1 + 100);

  // kill -9 of A during a storm over both: every acknowledged order is there afterwards.
  const acked: number[] = [];
  let killed = false;
  const exited = a.server.exited;
  const second = Array.from({ length: 120 }, async (_, i) => {
    const target = i % 2 ? b.base : a.base;
    try {
      const r = await placeOrder(target, shoppers[i % shoppers.length]!.token, productId);
      if (r.status === 201 && r.orderId) acked.push(r.orderId);
    } catch {
      // A is gone
    }
    if (acked.length >= 20 && !killed) {
      killed = true;
      a.server.child.kill('SIGKILL');
    }
  });
  await Promise.all(second);
  await exited;
  expect(killed).toBe(true);
  const afterKill = new Set(
    ((await b.client.call('listOrders', { token: admin })).body as { id: number }[]).map((o) => o.id),
  );
  expect(acked.filter((id) => !afterKill.has(id))).toEqual([]);
  // A restarted sees them all as well.
  const again = await instance(dataDir, a.port);
  const onA = new Set(
    ((await again.client.call('listOrders', { token: admin })).body as { id: number }[]).map((o) => o.id),
  );
  expect(acked.filter((id) => !onA.has(id))).toEqual([]);
  expect(onA.size).toBe(afterKill.size);
}, 120_000);

it('the sign-in brake and the request budgets are shared: calls spread over two instances meet one limit', async () => {
  url = await cluster.createDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'threadline-multi-'));
  dirs.push(dataDir);
  const a = await instance(dataDir, undefined, {});
  const b = await instance(dataDir, undefined, {});
  const shopper = await a.client.newShopper();
  const login = (on: typeof a) =>
    on.client.call('login', { body: { email: shopper.email, password: 'not-the-password' } });

  // Ten free failures, alternating A and B; the eleventh waits, whichever instance it reaches.
  for (let i = 0; i < 10; i++) expect((await login(i % 2 ? b : a)).status).toBe(401);
  const refusedA = await login(a);
  const refusedB = await login(b);
  expect([refusedA.status, refusedB.status]).toEqual([429, 429]);
  expect(refusedA.body.code).toBe('too_many_requests');

  // Registration: 20 a minute per address for the shop. One is spent above; 19 more over both, then none.
  const register = (on: typeof a, n: number) =>
    on.client.call('register', {
      body: {
        name: 'Budget Shopper',
        email: `budget-${n}-${Date.now()}@example.test`,
        password: 'secret-pass',
        phone: '5550101234',
      },
    });
  const statuses = await Promise.all(
    Array.from({ length: 19 }, (_, n) => register(n % 2 ? b : a, n).then((r) => r.status)),
  );
  expect(statuses.every((s) => s === 201)).toBe(true);
  expect((await register(a, 100)).status).toBe(429);
  expect((await register(b, 101)).status).toBe(429);
}, 120_000);

it('instances starting together on an empty database create one admin and one demo catalogue', async () => {
  url = await cluster.createDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'threadline-multi-'));
  dirs.push(dataDir);
  const [a, b] = await Promise.all([
    instance(dataDir, undefined, { RATE_LIMITS: 'off', SEED_DEMO: 'true' }),
    instance(dataDir, undefined, { RATE_LIMITS: 'off', SEED_DEMO: 'true' }),
  ]);
  const outputs = a.server.output() + b.server.output();
  expect(outputs.match(/Created the admin account/g)).toHaveLength(1);
  expect(outputs.match(/Loaded the demo catalogue/g)).toHaveLength(1);
  for (const on of [a, b]) {
    expect((await on.client.call('login', { body: SPAWN_ADMIN })).status).toBe(200);
    const names = ((await on.client.call('listCategories')).body as { name: string }[]).map((c) => c.name);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
  }
}, 120_000);
