/**
 * Cold queries: every request a URL the server has not answered before, so no cached answer helps.
 *   listings  3,000 distinct listing URLs (category × collection × maxPrice × sort × page × sometimes q)
 *   search    3,000 distinct search terms (words, word + number, sku fragments, prefixes, misses)
 * each in a seeded random order, at 2k, 10k and 100k products, against raw-stringify (bench/raw-server.ts:
 * the reference scan and a JSON.stringify per request) on the same URLs. Each server first answers a
 * warm-up set drawn from another seed (JIT, lazy indexes), then the measured set once, three times
 * with fresh URLs each round; the median round counts. raw-stringify takes about a tenth of a second a
 * request at 100k, so there it answers the first 150 URLs of each round (the order is random, so a
 * prefix is the same mix). One connection: a single-threaded server's throughput is one over its time
 * per request however many wait, and the latencies are then the time a request takes, not a queue's.
 */
import { Agent, get as httpGet } from 'node:http';
import { BENCH_CATEGORIES } from './catalog-data';
import { catalogDataSet } from './generate';
import type { Measured, RunFigures } from './load';
import { checkClean, medianOf } from './load';
import type { Running } from './servers';
import { startOurs, startRaw } from './servers';
import type { Rng } from '#fixtures/rng';
import { createRng } from '#fixtures/rng';

export type ColdWorkload = 'listings' | 'search';
export const COLD_SIZES = [2000, 10000, 100000] as const;
const URLS_PER_ROUND = 3000;
const RAW_URLS_AT_100K = 150;

export interface ColdFigure {
  products: number;
  workload: ColdWorkload;
  server: 'ours' | 'raw-stringify';
  result: Measured;
}

const WORDS = ['classic', 'slim', 'relaxed', 'organic', 'heavy', 'light', 'vintage', 'cropped', 'oversized'];
const NOUNS = ['tee', 'jeans', 'hoodie', 'jacket', 'shirt', 'chinos', 'sweater', 'shorts', 'cap', 'coat'];
const COLLECTIONS = ['everyday-comfort', 'modern-streetwear', 'summer-edit', 'outdoor'];
const SORTS = ['latest', 'price_asc', 'price_desc'];

/** A search term: mostly ones that find something (title words with numbers, sku parts), some misses. */
function term(rng: Rng, products: number): string {
  const n = 1 + rng.int(products);
  switch (rng.int(6)) {
    case 0:
      return `${rng.pick(NOUNS)} ${n}`;
    case 1:
      return `TL-${String(n)
        .padStart(6, '0')
        .slice(0, 3 + rng.int(4))}`;
    case 2:
      return `${rng.pick(WORDS)} ${rng.pick(NOUNS)} ${String(n).slice(0, 2)}`;
    case 3:
      return `${rng.pick(NOUNS).slice(0, 3)} ${n}`;
    case 4:
      return String(n);
    default:
      return `${rng.pick(NOUNS)}-${n}-none`;
  }
}

function listingUrl(rng: Rng, products: number): string {
  const p = new URLSearchParams();
  if (rng.next() < 0.6) p.set('category', rng.pick(BENCH_CATEGORIES).slug);
  if (rng.next() < 0.3) p.set('collection', rng.pick(COLLECTIONS));
  if (rng.next() < 0.5) p.set('maxPrice', String(20 + rng.int(181)));
  p.set('sort', rng.pick(SORTS));
  p.set('page', String(1 + rng.int(5)));
  if (rng.next() < 0.2) p.set('q', term(rng, products));
  return `/api/products?${p.toString()}`;
}

/** `count` distinct URLs in the order drawn; the per-round nonce keeps rounds and the warm-up apart. */
export function coldUrls(workload: ColdWorkload, products: number, seed: number, count: number): string[] {
  const rng = createRng(seed);
  const seen = new Set<string>();
  while (seen.size < count) {
    const url =
      workload === 'search'
        ? `/api/products?q=${encodeURIComponent(term(rng, products))}&page=${1 + rng.int(2)}`
        : listingUrl(rng, products);
    seen.add(url);
  }
  return [...seen];
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function getOnce(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/**
 * Each URL once, one after another on one kept-alive connection, each timed to the microsecond (autocannon
 * counts a run of a fixed number of requests in whole seconds, far too coarse for a run of one or two).
 */
export async function run(r: Running, urls: readonly string[]): Promise<RunFigures> {
  const times: number[] = [];
  let non2xx = 0;
  const t0 = performance.now();
  for (const path of urls) {
    const t = performance.now();
    const status = await getOnce(r.url + path);
    times.push(performance.now() - t);
    if (status < 200 || status >= 300) non2xx++;
  }
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  const f = {
    rps: urls.length / seconds,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    max: times.at(-1) ?? 0,
    requests: urls.length,
    non2xx,
    errors: 0,
  };
  checkClean(`${r.name} cold`, f);
  return f;
}

export async function runColdQueries(
  port: number,
  log: (line: string) => void,
  sizes: readonly number[] = COLD_SIZES,
): Promise<ColdFigure[]> {
  const out: ColdFigure[] = [];
  for (const products of sizes) {
    const dir = await catalogDataSet(products);
    const ours = await startOurs(dir, port);
    const raw = await startRaw('stringify', dir, port + 1);
    try {
      for (const workload of ['listings', 'search'] as const) {
        const base = (workload === 'search' ? 9000 : 5000) + products;
        // Warm-up on URLs of another seed: JIT, the lazy indexes, the search index's build.
        const warm = coldUrls(workload, products, base, 400);
        await run(ours, warm);
        await run(raw, warm.slice(0, products >= 100000 ? 20 : 200));
        // The search index is built in slices from the first search (about 2 s of work at 100k products):
        // the measured rounds start once it has had the time to finish.
        await new Promise((resolve) => setTimeout(resolve, 1500 + products / 20));
        const runs = { ours: [] as RunFigures[], raw: [] as RunFigures[] };
        for (let round = 1; round <= 3; round++) {
          const urls = coldUrls(workload, products, base + round * 100_000, URLS_PER_ROUND);
          runs.ours.push(await run(ours, urls));
          runs.raw.push(await run(raw, products >= 100000 ? urls.slice(0, RAW_URLS_AT_100K) : urls));
        }
        for (const [server, figures] of [
          ['ours', runs.ours],
          ['raw-stringify', runs.raw],
        ] as const) {
          const result = medianOf(figures);
          out.push({ products, workload, server, result });
          log(
            `  cold ${workload.padEnd(8)} ${server.padEnd(13)} ${String(products).padStart(6)} products ${result.rps.toFixed(0).padStart(7)} req/s  p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms`,
          );
        }
      }
    } finally {
      await ours.stop();
      await raw.stop();
    }
  }
  return out;
}
