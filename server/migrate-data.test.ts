/**
 * `npm run migrate-data` (issue 16): a lowdb shop with orders, an activity log and a deleted top id is
 * copied into an empty PostgreSQL database, the script verifies every table, and the shop served from
 * the database answers as it did from the files; a database that is not empty is refused untouched.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalogQuerySchema } from '#contract/rules/catalog-query';
import { openBackend } from './boot';
import { SHIPPING } from '../tests/contract/client';
import type { PgCluster } from './test/pg-cluster';
import { startPgCluster } from './test/pg-cluster';
import { TEST_ADMIN, TEST_HASHER_COST } from './test/test-server';
import { tinyDemoStore } from './test/tiny-seed';

const run = promisify(execFile);
let cluster: PgCluster;
const dirs: string[] = [];
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
  await cluster?.stop();
});

const migrateData = (from: string, to: string) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/migrate-data.ts', '--from', from, '--to', to], {
    cwd: join(import.meta.dirname, '..'),
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );

it('copies a lowdb shop into an empty database, verifies it, and refuses a database in use', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'threadline-migrate-'));
  dirs.push(dataDir);
  const boot = {
    adminEmail: TEST_ADMIN.email,
    adminPassword: TEST_ADMIN.password,
    hasherCost: TEST_HASHER_COST,
  };
  const files = await openBackend({ dataDir, demo: { store: tinyDemoStore }, log: () => undefined, ...boot });
  const { core } = files;
  const admin = (await core.auth.login(TEST_ADMIN)).user;
  const shopper = await core.auth.register({
    name: 'Mover',
    email: 'mover@example.test',
    password: 'mover-pass',
    phone: '',
  });
  const product = core.products.list(catalogQuerySchema.parse({ limit: 1 })).items[0]!;
  const { orderId } = await core.orders.place(
    { user: shopper.user, sessionId: 0 },
    {
      cart: [
        {
          productId: product.id,
          qty: 2,
          selectedSize: product.sizes[0] ?? '',
          selectedColor: product.colors[0] ?? '',
        },
      ],
      shipping_address: SHIPPING,
      payment_method: 'cod',
    },
    'move-key',
  );
  await core.orders.updateStatus(admin, orderId, 'shipped');
  const last = core.products.list(catalogQuerySchema.parse({ limit: 100, sort: 'latest' })).items;
  const topId = Math.max(...last.map((p) => p.id));
  await core.products.remove(admin, topId);
  const before = {
    products: core.products.list(catalogQuerySchema.parse({ limit: 100 })),
    orders: core.orders.all(),
    activity: core.activity.page({}),
  };
  await files.close();

  const url = await cluster.createDatabase();
  const moved = await migrateData(dataDir, url);
  expect(moved.out).toMatch(/The database holds the shop/);
  expect(moved.out).not.toMatch(/DIFF/);
  expect(moved.code).toBe(0);

  const db = await openBackend({ dataDir, databaseUrl: url, log: () => undefined, ...boot });
  try {
    expect(db.core.products.list(catalogQuerySchema.parse({ limit: 100 }))).toEqual(before.products);
    expect(db.core.orders.all()).toEqual(before.orders);
    expect(db.core.orders.items(admin, orderId)).toHaveLength(1);
    expect(db.core.activity.page({})).toEqual(before.activity);
    // The deleted top id is not handed out again.
    const made = await db.core.products.create(admin, {
      title: 'After the move',
      description: '',
      regular_price: 5,
      sale_price: null,
      sku: '',
      category: null,
      image: '',
      sizes: [],
      colors: [],
    } as never);
    expect(made.id).toBeGreaterThan(topId);
    // The shopper's password still works, against the database.
    expect((await db.core.auth.login({ email: 'mover@example.test', password: 'mover-pass' })).user.id).toBe(
      shopper.user.id,
    );
  } finally {
    await db.close();
  }

  const again = await migrateData(dataDir, url);
  expect(again.code).toBe(1);
  expect(again.out).toMatch(/not empty/);
}, 120_000);
