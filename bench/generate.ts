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
import { orderItemId } from '#server/core/orders';
import { toPublicProduct } from '#server/core/records';
import { ORDERS_DIR, SHARD_SIZE, shardFileName } from '#server/store/order-shards';
import { BENCH_CATEGORIES, benchProduct } from './catalog-data';
import { createRng } from '#fixtures/rng';

const GENERATOR_VERSION = '1';
export const SHOPPERS = 50;
export const DATA_ROOT = join(import.meta.dirname, 'data');

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
export const benchToken = (i: number): string => sha256(`threadline-bench-shopper-${i}`);

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

function orders(m: number, catalog: StoredProduct[]): StoredOrder[] {
  const rng = createRng(4242);
  return Array.from({ length: m }, (_, i) => {
    const id = i + 1;
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
    return {
      id,
      user_id: userId,
      name: `Shopper ${userId - 1}`,
      email: `shopper${userId - 1}@bench.test`,
      total: Math.round(items.reduce((s, it) => s + it.price * it.qty * 100, 0)) / 100,
      payment_method: 'cod',
      status: 'pending',
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
  });
}

async function writeDataDir(dir: string, catalog: StoredProduct[], orderRows: StoredOrder[]): Promise<void> {
  const { users: u, sessions } = users();
  await mkdir(join(dir, ORDERS_DIR), { recursive: true });
  await writeFile(join(dir, 'categories.json'), state(BENCH_CATEGORIES));
  await writeFile(join(dir, 'products.json'), state(catalog));
  await writeFile(join(dir, 'users.json'), state(u));
  await writeFile(join(dir, 'sessions.json'), state(sessions));
  for (let s = 0; s * SHARD_SIZE < orderRows.length; s++) {
    const rows = orderRows.slice(s * SHARD_SIZE, (s + 1) * SHARD_SIZE);
    await writeFile(
      join(dir, ORDERS_DIR, shardFileName(s + 1)),
      JSON.stringify({ seq: orderRows.length, rows }),
    );
  }
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
    await writeDataDir(dir, catalog, []);
    await writeFile(join(dir, 'json-server.json'), jsonServerDb(catalog));
  });
}

export async function ordersDataSet(m: number): Promise<string> {
  return once(`orders-${m}`, async (dir) => {
    const catalog = products(1000);
    await writeDataDir(dir, catalog, orders(m, catalog));
  });
}
