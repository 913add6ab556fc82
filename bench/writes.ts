/**
 * Write benchmarks on the real server: durable POST /api/orders with 50 connections (50 shoppers,
 * tokens made up front, so no login and no login brake), on fresh copies of a store holding 1k and
 * 100k orders (both up at once, runs taken in turn); then, at 100k, the filtered catalogue read while the same write storm runs (GET p99).
 */
import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { benchToken, DATA_ROOT, ordersDataSet, SHOPPERS } from './generate';
import type { Measured, RunFigures } from './load';
import { checkClean, medianOf, once, warmUp } from './load';
import { READ_PATHS } from './reads';
import type { Running } from './servers';
import { startOurs } from './servers';

export interface WriteFigure {
  orders: number;
  startMs: number;
  result: Measured;
}

export interface StormFigure {
  orders: number;
  writes: Measured;
  reads: Measured;
}

const SHIPPING = JSON.stringify({
  name: 'Bench Shopper',
  phone: '5550101234',
  email: 'bench@example.test',
  street: '1 Main St',
  city: 'Springfield',
  country: 'USA',
  province: 'IL',
});

/** The durable order bodies: one line, product and shopper turning with each request (also bench/postgres.ts). */
export function orderRequests(): (req: autocannon.Request) => autocannon.Request {
  let n = 0;
  return (req) => {
    n++;
    const body = JSON.stringify({
      cart: [{ productId: 1 + (n % 1000), qty: 1 + (n % 3), selectedSize: 'M', selectedColor: '#000000' }],
      shipping_address: SHIPPING,
      payment_method: 'cod',
    });
    return {
      ...req,
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${benchToken(1 + (n % SHOPPERS))}`,
      },
    };
  };
}

/** 50 connections placing durable orders (also bench/mail.ts). */
export const writeSpec = (url: string, seconds: number) => ({
  url,
  path: '/api/orders',
  method: 'POST' as const,
  connections: 50,
  seconds,
  setup: orderRequests(),
});

export async function runWrites(port: number, log: (line: string) => void) {
  const writes: WriteFigure[] = [];
  let storm: StormFigure | undefined;
  // Both stores up at once and their runs taken in turn (1k, 100k, 1k, ...): the p50 ratio then
  // compares runs made under the same machine load.
  const stores: Array<{ orders: number; dir: string; running: Running }> = [];
  try {
    for (const [i, orders] of [1000, 100000].entries()) {
      const source = await ordersDataSet(orders);
      const dir = join(DATA_ROOT, `run-orders-${orders}`);
      await rm(dir, { recursive: true, force: true });
      await cp(source, dir, { recursive: true });
      stores.push({ orders, dir, running: await startOurs(dir, port + i) });
    }
    for (const { running } of stores) await warmUp({ ...writeSpec(running.url, 3), warmupSeconds: 2 });
    const runs = new Map<number, RunFigures[]>();
    for (let round = 0; round < 3; round++)
      for (const { orders, running } of stores) {
        const f = await once(writeSpec(running.url, 3));
        checkClean(`orders ${orders}`, f);
        runs.set(orders, [...(runs.get(orders) ?? []), f]);
      }
    for (const { orders, running } of stores) {
      const result = medianOf(runs.get(orders) ?? []);
      writes.push({ orders, startMs: running.startMs, result });
      log(
        `  POST /api/orders  ${String(orders).padStart(6)} orders  ${result.rps.toFixed(0).padStart(6)} orders/s  p50 ${result.p50} ms  p99 ${result.p99} ms`,
      );
    }
    const big = stores.find((x) => x.orders === 100000)!;
    const w: RunFigures[] = [];
    const r: RunFigures[] = [];
    for (let i = 0; i < 3; i++) {
      const [wf, rf] = await Promise.all([
        once(writeSpec(big.running.url, 3)),
        once({ url: big.running.url, path: READ_PATHS.filtered.api, connections: 10, seconds: 3 }),
      ]);
      checkClean('storm writes', wf);
      checkClean('storm reads', rf);
      w.push(wf);
      r.push(rf);
    }
    storm = { orders: big.orders, writes: medianOf(w), reads: medianOf(r) };
    log(
      `  write storm + GET: ${storm.writes.rps.toFixed(0)} orders/s, GET ${storm.reads.rps.toFixed(0)} req/s, GET p99 ${storm.reads.p99} ms`,
    );
  } finally {
    for (const { running, dir } of stores) {
      await running.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }
  return { writes, storm };
}
