/**
 * Catalogue writes: an admin creating and editing products (POST and PUT /api/products, one at a time,
 * as a person at the admin screen does) on copies of the 1k- and 100k-product data sets, both servers
 * up at once and their runs taken in turn. A write is acknowledged after its journal line is fsynced
 * (server/store/journal-table.ts), so its cost should not grow with the catalogue: the goal is p50 at
 * 100k at most 1.5× p50 at 1k.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BENCH_ADMIN_TOKEN, catalogDataSet, DATA_ROOT } from './generate';
import type { Measured, RunFigures } from './load';
import { medianOf } from './load';
import type { Running } from './servers';
import { startOurs } from './servers';
import { createHash } from 'node:crypto';

export type CatalogWrite = 'create' | 'update';

export interface CatalogWriteFigure {
  products: number;
  write: CatalogWrite;
  result: Measured;
}

const SIZES = [1000, 100000] as const;
/** Writes per measured round, one at a time. */
const WRITES = 400;

const form = (n: number) =>
  JSON.stringify({
    title: `Bench Parka ${n}`,
    description: '<p>A warm parka for the bench.</p>',
    regular_price: 50 + (n % 100),
    sale_price: n % 3 ? '' : 39.99,
    category: 1 + (n % 8),
    sizes: ['S', 'M', 'L'],
    colors: ['#000000'],
  });

/** One write: the request for the n-th write of its kind. */
function request(kind: CatalogWrite, products: number, n: number): { path: string; init: RequestInit } {
  // Updates go round the catalogue with a stride, so each edits a product the run has not touched yet.
  const id = 1 + ((n * 7919) % products);
  return {
    path: kind === 'create' ? '/api/products' : `/api/products/${id}`,
    init: {
      method: kind === 'create' ? 'POST' : 'PUT',
      body: form(n),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_ADMIN_TOKEN}` },
    },
  };
}

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/**
 * `count` writes one after another, each timed on its own to the microsecond (autocannon's latencies
 * are whole milliseconds, too coarse for a write that takes one or two).
 */
async function sequence(url: string, kind: CatalogWrite, products: number, from: number, count: number) {
  const times: number[] = [];
  const t0 = performance.now();
  for (let n = from; n < from + count; n++) {
    const { path, init } = request(kind, products, n);
    const t = performance.now();
    const res = await fetch(url + path, init);
    await res.arrayBuffer();
    times.push(performance.now() - t);
    if (!res.ok) throw new Error(`product ${kind} at ${products}: ${res.status}`);
  }
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return {
    rps: count / seconds,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    max: times.at(-1)!,
    requests: count,
    non2xx: 0,
    errors: 0,
  };
}

/** A copy of the catalogue data set with a live admin session (the read data sets have none). */
async function writableCopy(products: number): Promise<string> {
  const dir = join(DATA_ROOT, `run-catalog-writes-${products}`);
  await rm(dir, { recursive: true, force: true });
  await cp(await catalogDataSet(products), dir, { recursive: true });
  const file = join(dir, 'sessions.json');
  const state = JSON.parse(await readFile(file, 'utf8')) as { seq: number; rows: Array<{ id: number }> };
  const id = state.seq + 1;
  state.rows.push({
    id,
    user_id: 1,
    token_hash: createHash('sha256').update(BENCH_ADMIN_TOKEN).digest('hex'),
    created_at: '2025-01-01T00:00:00.000Z',
    expires_at: '2099-01-01T00:00:00.000Z',
  } as { id: number });
  state.seq = id;
  await writeFile(file, JSON.stringify(state));
  return dir;
}

export async function runCatalogWrites(
  port: number,
  log: (line: string) => void,
): Promise<CatalogWriteFigure[]> {
  const out: CatalogWriteFigure[] = [];
  const stores: Array<{ products: number; dir: string; running: Running }> = [];
  try {
    for (const [i, products] of SIZES.entries()) {
      const dir = await writableCopy(products);
      stores.push({ products, dir, running: await startOurs(dir, port + i) });
    }
    let n = 0;
    for (const kind of ['create', 'update'] as const) {
      for (const { products, running } of stores)
        await sequence(running.url, kind, products, (n += WRITES), 100);
      const runs = new Map<number, RunFigures[]>();
      for (let round = 0; round < 3; round++)
        for (const { products, running } of stores)
          runs.set(products, [
            ...(runs.get(products) ?? []),
            await sequence(running.url, kind, products, (n += WRITES), WRITES),
          ]);
      for (const { products } of stores) {
        const result = medianOf(runs.get(products) ?? []);
        out.push({ products, write: kind, result });
        log(
          `  product ${kind.padEnd(6)} ${String(products).padStart(6)} products  ${result.rps.toFixed(0).padStart(5)} writes/s  p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms`,
        );
      }
    }
  } finally {
    for (const { running, dir } of stores) {
      await running.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }
  return out;
}
