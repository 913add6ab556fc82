/**
 * Write benchmarks on the real server: durable POST /api/orders with 50 connections (50 shoppers,
 * tokens made up front, so no login and no login brake), on a fresh copy of a store holding 1k and
 * 100k orders; then, at 100k, the filtered catalogue read while the same write storm runs (GET p99).
 */
import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { benchToken, DATA_ROOT, ordersDataSet, SHOPPERS } from './generate';
import type { Measured, RunFigures } from './load';
import { checkClean, measure, medianOf, once } from './load';
import { READ_PATHS } from './reads';
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

function orderRequests(): (req: autocannon.Request) => autocannon.Request {
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

const writeSpec = (url: string, seconds: number) => ({
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
  for (const orders of [1000, 100000]) {
    const source = await ordersDataSet(orders);
    const dir = join(DATA_ROOT, `run-orders-${orders}`);
    await rm(dir, { recursive: true, force: true });
    await cp(source, dir, { recursive: true });
    const running = await startOurs(dir, port);
    try {
      const result = await measure(`orders ${orders}`, { ...writeSpec(running.url, 3), warmupSeconds: 2 });
      writes.push({ orders, startMs: running.startMs, result });
      log(
        `  POST /api/orders  ${String(orders).padStart(6)} orders  ${result.rps.toFixed(0).padStart(6)} orders/s  p50 ${result.p50} ms  p99 ${result.p99} ms`,
      );
      if (orders === 100000) {
        const w: RunFigures[] = [];
        const r: RunFigures[] = [];
        for (let i = 0; i < 3; i++) {
          const [wf, rf] = await Promise.all([
            once(writeSpec(running.url, 3)),
            once({ url: running.url, path: READ_PATHS.filtered.api, connections: 10, seconds: 3 }),
          ]);
          checkClean('storm writes', wf);
          checkClean('storm reads', rf);
          w.push(wf);
          r.push(rf);
        }
        storm = { orders, writes: medianOf(w), reads: medianOf(r) };
        log(
          `  write storm + GET: ${storm.writes.rps.toFixed(0)} orders/s, GET ${storm.reads.rps.toFixed(0)} req/s, GET p99 ${storm.reads.p99} ms`,
        );
      }
    } finally {
      await running.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }
  return { writes, storm };
}
