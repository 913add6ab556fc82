/**
 * Issue 24, hole 1: an anonymous sign-in flood must not stop checkout on PostgreSQL. Two real instances
 * over one database, request budgets on; a few thousand wrong-password sign-ins from one address, a few
 * hundred in flight, spread over both, while signed-in shoppers (from that same address) place an order
 * every 100 ms on each instance. Every order placed while the flood runs must be accepted: sign-ins may
 * only use up the sign-in budget's own bound, never the one the orders' budget is counted under.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient, SHIPPING } from '../tests/contract/client';
import type { PgCluster } from './test/pg-cluster';
import { startPgCluster } from './test/pg-cluster';
import { freePort, SPAWN_ADMIN, spawnServer } from './test/spawn-server';

/** As the attack: 3,000 sign-ins at each instance, 200 a second, up to 400 in flight there. */
const FLOOD_REQUESTS_PER_INSTANCE = 3_000;
const FLOOD_RATE_PER_INSTANCE = 200;
/** More than the old shared gate of an instance held (4 running, 256 waiting). */
const FLOOD_IN_FLIGHT_PER_INSTANCE = 400;
const ORDER_EVERY_MS = 100;
/** Orders per account stay under the 30-a-minute budget, so only the flood could refuse one. */
const SHOPPERS = 12;
const ORDERS_PER_SHOPPER = 25;
/** However the flood goes, the test ends: no request may hang it (seconds, as autocannon takes it). */
const REQUEST_TIMEOUT_S = 60;

let cluster: PgCluster;
const dirs: string[] = [];
const children: ChildProcess[] = [];
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) await rm(d, { recursive: true, force: true });
  await cluster?.stop();
}, 60_000);

async function instance(dataDir: string, databaseUrl: string) {
  const port = await freePort();
  const server = spawnServer(dataDir, port, { DATABASE_URL: databaseUrl });
  children.push(server.child);
  await server.listening;
  const base = `http://127.0.0.1:${port}`;
  return { base, client: createClient(() => ({ baseUrl: base, admin: SPAWN_ADMIN })) };
}

interface Answer {
  status: number;
  body: { message?: string };
}

const post = (url: string, body: unknown, token?: string): Promise<Answer> =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_S * 1000),
  }).then(
    async (r) => ({ status: r.status, body: parseBody(await r.text()) }),
    () => ({ status: 0, body: { message: 'no answer' } }),
  );

/** Every answer's body should be JSON; one that is not is tallied by its first characters. */
function parseBody(text: string): Answer['body'] {
  try {
    return JSON.parse(text) as Answer['body'];
  } catch {
    return { message: `not JSON: ${JSON.stringify(text.slice(0, 40))}` };
  }
}

/** The status of an answer, with the message for a refusal: how the answers are counted. */
const answerKey = (a: Answer): string =>
  a.status >= 400 || a.status === 0 ? `${a.status} ${a.body.message}` : String(a.status);

function tally(answers: Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) out[answerKey(a)] = (out[answerKey(a)] ?? 0) + 1;
  return out;
}

/**
 * Wrong-password sign-ins at one instance with autocannon (cheap per request, so the test's own
 * process is not what slows down): real accounts and unknown e-mails alike.
 */
function signInFlood(base: string, emails: readonly string[]) {
  const answers: Record<string, number> = {};
  let n = 0;
  return new Promise<{ answers: Record<string, number>; timeouts: number; errors: number }>(
    (resolve, reject) => {
      autocannon(
        {
          url: base,
          connections: FLOOD_IN_FLIGHT_PER_INSTANCE,
          amount: FLOOD_REQUESTS_PER_INSTANCE,
          overallRate: FLOOD_RATE_PER_INSTANCE,
          timeout: REQUEST_TIMEOUT_S,
          requests: [
            {
              method: 'POST',
              path: '/api/auth/login',
              headers: { 'content-type': 'application/json' },
              setupRequest: (req) => {
                const i = n++;
                const email = i % 3 ? emails[i % emails.length]! : `nobody-${i}@example.test`;
                return { ...req, body: JSON.stringify({ email, password: 'wrong-password' }) };
              },
              onResponse: (status, body) => {
                const key = answerKey({ status, body: parseBody(body) });
                answers[key] = (answers[key] ?? 0) + 1;
              },
            },
          ],
        },
        (err, r) => (err ? reject(err) : resolve({ answers, timeouts: r.timeouts, errors: r.errors })),
      );
    },
  );
}

it('a sign-in flood over two PostgreSQL instances refuses no signed-in shopper’s order', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'threadline-flood-'));
  dirs.push(dataDir);
  const url = await cluster.createDatabase();
  const a = await instance(dataDir, url);
  const b = await instance(dataDir, url);

  const admin = await a.client.adminToken();
  const product = await a.client.call('createProduct', {
    token: admin,
    body: { title: 'Flood Tee', regular_price: 20, sale_price: null, sizes: ['M'], colors: ['black'] },
  });
  expect(product.status).toBe(201);
  const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, () => a.client.newShopper()));

  // The flood at both instances; meanwhile each instance gets an order every 100 ms, from the
  // shoppers in turn, without waiting for the last, as long as the flood runs (and the budgets allow).
  const floodStarted = Date.now();
  let flooding = true;
  const emails = shoppers.map((s) => s.email);
  const flood = Promise.all([signInFlood(a.base, emails), signInFlood(b.base, emails)]).finally(
    () => (flooding = false),
  );
  const orders: Promise<Answer>[] = [];
  const orderBody = {
    cart: [{ productId: product.body.id as number, qty: 1, selectedSize: 'M', selectedColor: 'black' }],
    shipping_address: SHIPPING,
    payment_method: 'cod',
  };
  for (let tick = 0; flooding && tick < (SHOPPERS * ORDERS_PER_SHOPPER) / 2; tick++) {
    for (const [k, target] of [a, b].entries()) {
      const shopper = shoppers[(tick * 2 + k) % SHOPPERS]!;
      orders.push(post(`${target.base}/api/orders`, orderBody, shopper.token));
    }
    await new Promise((resolve) =>
      setTimeout(resolve, floodStarted + (tick + 1) * ORDER_EVERY_MS - Date.now()),
    );
  }
  const orderAnswers = await Promise.all(orders);
  const [atA, atB] = await flood;
  const floodMs = Date.now() - floodStarted;

  const summary = { floodMs, floodAtA: atA, floodAtB: atB, orders: tally(orderAnswers) };
  console.info('sign-in flood:', JSON.stringify(summary));
  // The flood really met the sign-in brake, and orders were placed while it ran.
  const refused = (f: typeof atA) =>
    Object.entries(f.answers).reduce((sum, [key, count]) => sum + (key.startsWith('429') ? count : 0), 0);
  expect(refused(atA) + refused(atB)).toBeGreaterThan(FLOOD_REQUESTS_PER_INSTANCE);
  expect(orderAnswers.length).toBeGreaterThanOrEqual(50);
  expect(summary.orders).toEqual({ 201: orderAnswers.length });
}, 240_000);
