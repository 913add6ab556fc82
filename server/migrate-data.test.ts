/**
 * `npm run migrate-data` (issue 16): a lowdb shop with orders, an activity log and a deleted top id is
 * copied into an empty PostgreSQL database, the script verifies every table, and the shop served from
 * the database answers as it did from the files; a database that is not empty is refused untouched.
 */
import { execFile } from 'node:child_process';
import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { expect, it } from 'vitest';
import { catalogQuerySchema } from '#contract/rules/catalog-query';
import { TEXT_RULE_MESSAGE } from '#contract/rules/text';
import { COLLECTION_FILES } from '#server/store/lowdb-store';
import { ORDERS_DIR } from '#server/store/order-shards';
import { openBackend } from './boot';
import { SHIPPING } from '../tests/contract/client';
import { usePgCluster } from './test/use-pg-cluster';
import { TEST_ADMIN, TEST_HASHER_COST } from './test/test-server';
import { tinyDemoStore } from './test/tiny-seed';

const run = promisify(execFile);
const dirs: string[] = [];
const cluster = usePgCluster(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const migrateData = (from: string, to: string) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/migrate-data.ts', '--from', from, '--to', to], {
    cwd: join(import.meta.dirname, '..'),
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );

const boot = {
  adminEmail: TEST_ADMIN.email,
  adminPassword: TEST_ADMIN.password,
  hasherCost: TEST_HASHER_COST,
};

/** A demo shop on lowdb with a shopper and one order, still open. */
async function shopWithAnOrder() {
  const dataDir = await mkdtemp(join(tmpdir(), 'threadline-migrate-'));
  dirs.push(dataDir);
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
  return { dataDir, files, core, admin, shopper, orderId };
}

it('copies a lowdb shop into an empty database, verifies it, and refuses a database in use', async () => {
  const { dataDir, files, core, admin, shopper, orderId } = await shopWithAnOrder();
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

it('checks every row before copying: rows that break the rules copy nothing and are named', async () => {
  const { dataDir, files, orderId } = await shopWithAnOrder();
  await files.close();
  // Written on disk behind the server's back, as an older version or a hand edit could have: a NUL in an
  // order's name (PostgreSQL cannot store it) and a lone surrogate in a category put by a journal line.
  const shards = join(dataDir, ORDERS_DIR);
  for (const name of await readdir(shards)) {
    const file = join(shards, name);
    const data = JSON.parse(await readFile(file, 'utf8')) as { rows: Array<{ id: number; name: string }> };
    const order = data.rows.find((r) => r.id === orderId);
    if (!order) continue;
    order.name = 'A\u0000B';
    await writeFile(file, JSON.stringify(data));
  }
  const category = { id: 99, name: 'X\ud800Y', slug: 'x-y', image: null };
  await appendFile(
    join(dataDir, COLLECTION_FILES.categories.replace(/json$/, 'journal')),
    `${JSON.stringify({ put: category })}\n`,
  );
  const before = await readdir(dataDir, { recursive: true });

  const url = await cluster.createDatabase();
  const moved = await migrateData(dataDir, url);
  expect(moved.code).toBe(1);
  expect(moved.out).toContain(`orders #${orderId}: name: ${TEXT_RULE_MESSAGE}`);
  expect(moved.out).toContain(`categories #99: name: ${TEXT_RULE_MESSAGE}`);
  expect(moved.out).toMatch(/Nothing was copied/);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    // Whatever tables exist (a refusal before the copy creates none) hold no row.
    const names = ['categories', 'products', 'users', 'sessions', 'orders', 'order_items', 'activity'];
    const held: string[] = [];
    for (const t of names) {
      const r = await db.query('SELECT to_regclass($1) IS NOT NULL AS present', [t]);
      if (r.rows[0].present && Number((await db.query(`SELECT count(*) AS n FROM ${t}`)).rows[0].n) > 0)
        held.push(t);
    }
    expect(held).toEqual([]);
  } finally {
    await db.end();
  }
  // The source is left as it was: nothing quarantined there, nothing moved.
  expect(await readdir(dataDir, { recursive: true })).toEqual(before);
}, 120_000);
