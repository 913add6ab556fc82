/**
 * kill -9 right after a 201 never loses the order (and, with 50 clients ordering at once, none of the
 * acknowledged ones): the real server runs as a child process on a temp
 * DATA_DIR, is killed with SIGKILL as soon as the answer arrives, restarted on the same folder, and
 * the order is still there.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createClient, SHIPPING } from './contract-suite/client';

const ADMIN = { email: 'admin@durable.test', password: 'durable-admin-1' };
const dirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      // A load test: a few shoppers place hundreds of orders a second, far past the request budgets.
      RATE_LIMITS: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  return child;
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

it('an order acknowledged with 201 survives kill -9', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'threadline-durable-'));
  dirs.push(dataDir);
  const port = await freePort();
  const c = createClient(() => ({ baseUrl: `http://127.0.0.1:${port}`, admin: ADMIN }));

  let child = await startServer(dataDir, port);
  const admin = await c.adminToken();
  const form = {
    title: 'Durable Coat',
    regular_price: 120,
    sale_price: 99.5,
    sizes: ['L'],
    colors: ['#000000'],
  };
  const productId = (await c.call('createProduct', { token: admin, body: form })).body.id as number;
  const shopper = await c.newShopper();
  const placed = await c.call('placeOrder', {
    token: shopper.token,
    body: {
      cart: [{ productId, qty: 2, selectedSize: 'L', selectedColor: '#000000' }],
      shipping_address: SHIPPING,
      payment_method: 'cod',
    },
  });
  expect(placed.status).toBe(201);
  await killed(child);

  child = await startServer(dataDir, port);
  const mine = await c.call('myOrders', { token: shopper.token });
  expect(mine.status).toBe(200);
  expect(mine.body.map((o: { id: number }) => o.id)).toEqual([placed.body.orderId]);
  const items = await c.call('orderItems', { token: shopper.token, params: { id: placed.body.orderId } });
  expect(items.body[0]).toMatchObject({ product_id: productId, qty: 2, price: 99.5 });
  await killed(child);
}, 60_000);

it('SIGTERM stops the server cleanly (exit code 0) and the data reopens', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'threadline-term-'));
  dirs.push(dataDir);
  const port = await freePort();
  const c = createClient(() => ({ baseUrl: `http://127.0.0.1:${port}`, admin: ADMIN }));
  let child = await startServer(dataDir, port);
  const shopper = await c.newShopper();
  const code = await new Promise<number | null>((resolve) => {
    child.once('exit', (exitCode) => resolve(exitCode));
    child.kill('SIGTERM');
  });
  expect(code).toBe(0);
  child = await startServer(dataDir, port);
  expect((await c.call('me', { token: shopper.token })).status).toBe(200);
  await killed(child);
}, 60_000);

it('kill -9 during a storm of concurrent orders loses no acknowledged order and leaves every shard readable', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'threadline-storm-'));
  dirs.push(dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const c = createClient(() => ({ baseUrl: base, admin: ADMIN }));
  let child = await startServer(dataDir, port);
  const admin = await c.adminToken();
  const productId = (
    await c.call('createProduct', {
      token: admin,
      body: { title: 'Storm Tee', regular_price: 20, sale_price: null, sizes: [], colors: [] },
    })
  ).body.id as number;
  const shoppers = await Promise.all(Array.from({ length: 5 }, () => c.newShopper()));
  const body = JSON.stringify({
    cart: [{ productId, qty: 1, selectedSize: '', selectedColor: '' }],
    shipping_address: SHIPPING,
    payment_method: 'cod',
  });
  const acked: number[] = [];
  let stop = false;
  // 50 clients placing orders back to back (plain fetch: the storm should not wait on schema checks).
  const worker = async (w: number) => {
    while (!stop) {
      const token = shoppers[w % shoppers.length]!.token;
      try {
        const r = await fetch(`${base}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body,
        });
        if (r.status === 201) acked.push(((await r.json()) as { orderId: number }).orderId);
      } catch {
        return; // the server is gone
      }
    }
  };
  const workers = Array.from({ length: 50 }, (_, w) => worker(w));
  // Past the first shard boundary (1,000 orders), then kill mid-storm.
  while (acked.length < 1100) await new Promise((r) => setTimeout(r, 20));
  await killed(child);
  stop = true;
  await Promise.all(workers);

  for (const f of (await readdir(join(dataDir, 'orders'))).filter((n) => n.endsWith('.json')))
    expect(() => JSON.parse(readFileSync(join(dataDir, 'orders', f), 'utf8')), f).not.toThrow();
  child = await startServer(dataDir, port);
  const all = await c.call('listOrders', { token: await c.adminToken() });
  const stored = new Set((all.body as { id: number }[]).map((o) => o.id));
  expect(acked.filter((id) => !stored.has(id))).toEqual([]);
  expect(stored.size).toBeGreaterThanOrEqual(acked.length);
  await killed(child);
}, 120_000);
