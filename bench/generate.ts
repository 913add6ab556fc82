/**
 * The bench data, generated from a fixed seed into bench/data/ (git-ignored) and reused while the
 * generator version is unchanged. Each data set is a ready Threadline DATA_DIR in the current layout:
 *   catalog-<n>/   n products, 8 categories, an admin and 50 shoppers with live sessions
 *   orders-<m>/    1,000 products and m orders in orders/ shards, the same users and sessions
 * plus, per catalogue, json-server.json (the same products flattened for json-server's filters).
 * Shoppers' bearer tokens are derived from their number (benchToken), so the load generator can
 * sign its requests without logging in (the login brake never enters the figures).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { effectivePrice } from '#contract/rules/money';
import type { StoredOrder, StoredProduct, StoredSession, StoredUser } from '#server/core/records';
import { orderItemId } from '#server/core/orders/use-cases';
import { toPublicProduct } from '#server/core/records';
import { ORDERS_DIR, SHARD_SIZE, shardFileName } from '#server/store/order-shards';
import { BENCH_CATEGORIES, benchProduct } from './catalog-data';
import type { Rng } from '#fixtures/rng';
import { createRng } from '#fixtures/rng';

const GENERATOR_VERSION = '2';
export const SHOPPERS = 50;
export const DATA_ROOT = join(import.meta.dirname, 'data');

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
export const benchToken = (i: number): string => sha256(`threadline-bench-shopper-${i}`);
/** The admin's bearer token in the admin-orders data sets (the other data sets have no admin session). */
export const BENCH_ADMIN_TOKEN = sha256('threadline-bench-admin');

const state = <T>(rows: T[]) => JSON.stringify({ seq: rows.length, rows });

function users(): { users: StoredUser[]; sessions: StoredSession[] } {
  const at = '2025-01-01T00:00:00.000Z';
  const hash = 'scrypt$16384$00$00'; // never verifies: nobody logs in during the bench
  const list: StoredUser[] = [
    {
      id: 1,
      name: 'Bench Admin',
      email: 'admin@bench.test',
      phone: '',
      is_admin: 1,
      password_hash: hash,
      created_at: at,
    },
  ];
  const sessions: StoredSession[] = [];
  for (let i = 1; i <= SHOPPERS; i++) {
    list.push({
      id: i + 1,
      name: `Shopper ${i}`,
      email: `shopper${i}@bench.test`,
      phone: '5550100000',
      is_admin: 0,
      password_hash: hash,
      created_at: at,
    });
    sessions.push({
      id: i,
      user_id: i + 1,
      token_hash: sha256(benchToken(i)),
      created_at: at,
      expires_at: '2099-01-01T00:00:00.000Z',
    });
  }
  return { users: list, sessions };
}

function products(n: number): StoredProduct[] {
  const rng = createRng(20260101);
  return Array.from({ length: n }, (_, i) => benchProduct(rng, i + 1));
}

/** What varies between the order data sets: the shopper behind each order by default. */
interface OrderShape {
  /** Name and e-mail on the order (the shipping name may differ from the account's). */
  customer?: (userId: number, rng: Rng) => { name: string; email: string };
  status?: (rng: Rng) => string;
}

/**
 * Orders one at a time, so a million never sit in memory at once. Status and customer draw from a
 * second generator: the main sequence (lines, products, quantities, shopper) is that of the first data
 * sets whatever the shape, so orders-<m> stays byte for byte what it was.
 */
function* orderRows(m: number, catalog: StoredProduct[], shape: OrderShape = {}): Generator<StoredOrder> {
  const rng = createRng(4242);
  const extra = createRng(777);
  for (let id = 1; id <= m; id++) {
    const lines = 1 + rng.int(3);
    const items = Array.from({ length: lines }, (_, k) => {
      const p = catalog[rng.int(catalog.length)]!;
      return {
        id: orderItemId(id, k),
        product_id: p.id,
        product_title: p.title,
        qty: 1 + rng.int(3),
        size: 'M',
        color: '#000000',
        price: effectivePrice(p),
        size_id: null,
      };
    });
    const userId = 2 + rng.int(SHOPPERS);
    const customer = shape.customer?.(userId, extra) ?? {
      name: `Shopper ${userId - 1}`,
      email: `shopper${userId - 1}@bench.test`,
    };
    yield {
      id,
      user_id: userId,
      ...customer,
      total: Math.round(items.reduce((s, it) => s + it.price * it.qty * 100, 0)) / 100,
      payment_method: 'cod',
      status: shape.status?.(extra) ?? 'pending',
      created_at: new Date(Date.UTC(2024, 0, 1) + id * 60_000).toISOString(),
      shipping_address: JSON.stringify({
        name: 'Bench Shopper',
        phone: '5550101234',
        city: 'Springfield',
        street: '1 Main St',
        province: 'IL',
      }),
      status_history: [],
      items,
      idempotency_key: null,
    };
  }
}

async function writeDataDir(
  dir: string,
  catalog: StoredProduct[],
  orderRows: Iterable<StoredOrder>,
  orderCount: number,
  adminSession = false,
): Promise<void> {
  const { users: u, sessions } = users();
  if (adminSession)
    sessions.push({
      id: sessions.length + 1,
      user_id: 1,
      token_hash: sha256(BENCH_ADMIN_TOKEN),
      created_at: '2025-01-01T00:00:00.000Z',
      expires_at: '2099-01-01T00:00:00.000Z',
    });
  await mkdir(join(dir, ORDERS_DIR), { recursive: true });
  await writeFile(join(dir, 'categories.json'), state(BENCH_CATEGORIES));
  await writeFile(join(dir, 'products.json'), state(catalog));
  await writeFile(join(dir, 'users.json'), state(u));
  await writeFile(join(dir, 'sessions.json'), state(sessions));
  let rows: StoredOrder[] = [];
  let shard = 0;
  const flush = async () => {
    const text = JSON.stringify({ seq: orderCount, rows });
    await writeFile(join(dir, ORDERS_DIR, shardFileName(++shard)), text);
    rows = [];
  };
  for (const row of orderRows) {
    rows.push(row);
    if (rows.length === SHARD_SIZE) await flush();
  }
  if (rows.length) await flush();
}

/** json-server's filters cannot reach into arrays: give each product its category slug and price flat. */
function jsonServerDb(catalog: StoredProduct[]): string {
  const cats = new Map(BENCH_CATEGORIES.map((c) => [c.id, c]));
  const rows = catalog.map((p) => {
    const pub = toPublicProduct(p, cats);
    return { ...pub, category: pub.categories[0]?.slug ?? '', price: effectivePrice(p) };
  });
  return JSON.stringify({ products: rows });
}

async function once(name: string, make: (dir: string) => Promise<void>): Promise<string> {
  const dir = join(DATA_ROOT, name);
  const stamp = join(dir, '.generated');
  if (existsSync(stamp) && (await readFile(stamp, 'utf8')) === GENERATOR_VERSION) return dir;
  const tmp = `${dir}.tmp`;
  await rm(tmp, { recursive: true, force: true });
  await make(tmp);
  await writeFile(join(tmp, '.generated'), GENERATOR_VERSION);
  await rm(dir, { recursive: true, force: true });
  await rename(tmp, dir);
  return dir;
}

export async function catalogDataSet(n: number): Promise<string> {
  return once(`catalog-${n}`, async (dir) => {
    const catalog = products(n);
    await writeDataDir(dir, catalog, [], 0);
    await writeFile(join(dir, 'json-server.json'), jsonServerDb(catalog));
  });
}

export async function ordersDataSet(m: number): Promise<string> {
  return once(`orders-${m}`, async (dir) => {
    const catalog = products(1000);
    await writeDataDir(dir, catalog, orderRows(m, catalog), m);
  });
}

/** Shares of each status in the admin data set: mostly fulfilled history, a live head of open orders. */
const STATUS_SHARES: ReadonlyArray<readonly [string, number]> = [
  ['completed', 0.7],
  ['shipped', 0.1],
  ['processing', 0.08],
  ['pending', 0.07],
  ['cancelled', 0.05],
];
export const ADMIN_CUSTOMERS = 20_000;

/**
 * admin-orders-<m>/: the orders-<m> rows with every status and 20,000 distinct customers (name and
 * e-mail), for the admin orders screen (pages, status filter, search) at scale.
 */
export async function adminOrdersDataSet(m: number): Promise<string> {
  const shape: OrderShape = {
    customer: (_userId, rng) => {
      const n = 1 + rng.int(ADMIN_CUSTOMERS);
      return { name: `Customer ${n}`, email: `customer${n}@bench.test` };
    },
    status: (rng) => {
      let x = rng.next();
      for (const [status, share] of STATUS_SHARES) if ((x -= share) < 0) return status;
      return 'completed';
    },
  };
  return once(`admin-orders-${m}`, async (dir) => {
    const catalog = products(1000);
    await writeDataDir(dir, catalog, orderRows(m, catalog, shape), m, true);
  });
}
