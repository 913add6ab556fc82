/**
 * Rendered pages (issue 28) at 10k products, on a production build of the app and of its server rendering
 * (into bench/data/pages-dist, so the shared dist/ is left alone; PAGES_SKIP_BUILD=1 reuses one already there):
 *   cached    `/`, `/products` and `/product/1` from the page cache, -c 10 (warm-up, then three rounds going
 *             round ours and the baseline, median), against raw-pages: node:http sending the very HTML ours
 *             sent as a ready Buffer (bench/raw-pages.ts), the practical limit, as raw-buffer is for the reads.
 *   uncached  every request a page no one asked for before, so the page cache cannot help: product pages
 *             (distinct ids) and filtered listings (distinct category × maxPrice × sort × page), 1,000 a round,
 *             one after another on one connection, each timed (bench/cold-queries.ts's run); warm-up on 200
 *             others, median of 3 rounds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BENCH_CATEGORIES } from './catalog-data';
import { run as timedRun } from './cold-queries';
import { catalogDataSet, DATA_ROOT } from './generate';
import type { Measured, RunFigures } from './load';
import { checkClean, medianOf, once, warmUp } from './load';
import type { Ratio } from './report';
import type { Running } from './servers';
import { buildServerRendering, buildWebApp, startOurs, startRawPages } from './servers';
import type { Rng } from '#fixtures/rng';
import { createRng } from '#fixtures/rng';

export const CACHED_PAGES = ['/', '/products', '/product/1'] as const;
const PRODUCTS = 10000;
const PER_ROUND = 1000;
const WARM = 200;
const SORTS = ['latest', 'price_asc', 'price_desc'];

export interface PagesFigures {
  cached: Array<{
    path: string;
    bytes: number;
    ours: Measured;
    raw: Measured;
    /** Server CPU (user + system) per page over the measured rounds, µs; null off Linux. */
    cpuUs: { ours: number | null; raw: number | null };
  }>;
  uncached: Array<{ workload: 'product' | 'listing'; result: Measured; cpuMsPerPage: number | null }>;
}

/**
 * The server's CPU time so far (user + system, ms), from /proc: per page it is the work a page costs whatever
 * else the machine runs, where the latencies include the time the server waited for a core. null off Linux.
 */
function cpuMs(r: Running): number | null {
  try {
    const fields = readFileSync(`/proc/${r.child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in USER_HZ (100)
  } catch {
    return null;
  }
}

function build(dist: string, log: (line: string) => void): void {
  if (process.env.PAGES_SKIP_BUILD && existsSync(join(dist, 'server', 'entry-server.js'))) return;
  log('  building the web app and its server rendering into bench/data/pages-dist ...');
  buildWebApp(dist);
  buildServerRendering(dist);
}

/** Distinct page URLs in a seeded order, none of them in `seen` (which they join). */
function distinctUrls(make: (rng: Rng) => string, seed: number, count: number, seen: Set<string>): string[] {
  const rng = createRng(seed);
  const out: string[] = [];
  while (out.length < count) {
    const url = make(rng);
    if (seen.has(url)) continue;
    seen.add(url);
    out.push(url);
  }
  return out;
}

const productUrl = (rng: Rng) => `/product/${1 + rng.int(PRODUCTS)}`;
const listingUrl = (rng: Rng) =>
  `/products?${new URLSearchParams({
    category: rng.pick(BENCH_CATEGORIES).slug,
    maxPrice: String(20 + rng.int(181)),
    sort: rng.pick(SORTS),
    page: String(1 + rng.int(3)),
  }).toString()}`;

/** The page as a first visitor gets it; it must be the server's rendering, not the client-rendered shell. */
async function renderedPage(ours: Running, path: string): Promise<string> {
  const res = await fetch(ours.url + path);
  const html = await res.text();
  if (res.status !== 200 || !html.includes('id="ssr-data"'))
    throw new Error(`${path} is not server-rendered (${res.status}): is the build complete?`);
  return html;
}

export async function runPages(port: number, log: (line: string) => void): Promise<PagesFigures> {
  const dist = join(DATA_ROOT, 'pages-dist');
  build(dist, log);
  const dir = await catalogDataSet(PRODUCTS);
  const ours = await startOurs(dir, port, { DIST_DIR: dist });
  let raw: Running | null = null;
  const out: PagesFigures = { cached: [], uncached: [] };
  try {
    const pages: Record<string, string> = {};
    for (const path of CACHED_PAGES) pages[path] = await renderedPage(ours, path);
    const pagesFile = join(DATA_ROOT, 'pages-baseline.json');
    await writeFile(pagesFile, JSON.stringify(pages));
    raw = await startRawPages(pagesFile, port + 1);

    for (const path of CACHED_PAGES) {
      const specs = [ours, raw].map((r) => ({
        url: r.url,
        path,
        connections: 10,
        seconds: 3,
        warmupSeconds: 2,
      }));
      for (const spec of specs) await warmUp(spec);
      const runs: [RunFigures[], RunFigures[]] = [[], []];
      const servers = [ours, raw];
      // Each server's CPU during its own runs only: the other's runs leave it idle, but the machine may not be.
      const cpu: [number | null, number | null] = [0, 0];
      for (let round = 0; round < 3; round++)
        for (const [i, spec] of specs.entries()) {
          const before = cpuMs(servers[i]!);
          const f = await once(spec);
          const after = cpuMs(servers[i]!);
          const spent = cpu[i] ?? null;
          cpu[i] = before === null || after === null || spent === null ? null : spent + after - before;
          checkClean(`${i === 0 ? 'ours' : 'raw-pages'} ${path}`, f);
          runs[i]!.push(f);
        }
      const [o, b] = [medianOf(runs[0]), medianOf(runs[1])];
      const perPage = (ms: number | null, m: Measured) => (ms === null ? null : (ms * 1000) / m.requests);
      const cpuUs = { ours: perPage(cpu[0], o), raw: perPage(cpu[1], b) };
      out.cached.push({ path, bytes: Buffer.byteLength(pages[path]!), ours: o, raw: b, cpuUs });
      log(
        `  cached ${path.padEnd(11)} ${(Buffer.byteLength(pages[path]!) / 1024).toFixed(0).padStart(3)} kB  ours ${o.rps.toFixed(0).padStart(6)} req/s (p99 ${o.p99} ms)  raw-pages ${b.rps.toFixed(0).padStart(6)} req/s  ${(o.rps / b.rps).toFixed(2)}x  server CPU a page ${cpuUs.ours?.toFixed(0) ?? 'n/a'} µs (raw-pages ${cpuUs.raw?.toFixed(0) ?? 'n/a'} µs)`,
      );
    }

    for (const workload of ['product', 'listing'] as const) {
      const make = workload === 'product' ? productUrl : listingUrl;
      const seen = new Set<string>(CACHED_PAGES);
      const base = workload === 'product' ? 7000 : 8000;
      await timedRun(ours, distinctUrls(make, base, WARM, seen));
      const rounds: RunFigures[] = [];
      const cpu0 = cpuMs(ours);
      for (let round = 1; round <= 3; round++)
        rounds.push(await timedRun(ours, distinctUrls(make, base + round, PER_ROUND, seen)));
      const cpu1 = cpuMs(ours);
      const cpuMsPerPage = cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) / (3 * PER_ROUND);
      const result = medianOf(rounds);
      out.uncached.push({ workload, result, cpuMsPerPage });
      log(
        `  uncached ${workload.padEnd(8)} ${String(PRODUCTS).padStart(6)} products ${result.rps.toFixed(0).padStart(5)} pages/s  p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms  server CPU ${cpuMsPerPage?.toFixed(2) ?? 'n/a'} ms a page`,
      );
    }
  } finally {
    await ours.stop();
    await raw?.stop();
  }
  return out;
}

export function pagesRatios(p: PagesFigures): Ratio[] {
  return [
    ...p.cached.flatMap((c): Ratio[] => [
      {
        name: `cached page ${c.path}, ours / raw-pages, 10k`,
        value: c.ours.rps / c.raw.rps,
        unit: 'x',
        min: 0.8,
      },
      // The same comparison by CPU, which a loaded machine disturbs less than req/s (it has no goal of its own).
      {
        name: `cached page ${c.path}, raw-pages / ours server CPU a page, 10k`,
        value: c.cpuUs.ours && c.cpuUs.raw !== null ? c.cpuUs.raw / c.cpuUs.ours : null,
        unit: 'x',
      },
    ]),
    ...p.uncached.flatMap((u): Ratio[] => {
      const what = u.workload === 'product' ? 'product page' : 'filtered listing';
      return [
        { name: `uncached ${what} p99, 10k`, value: u.result.p99, unit: 'ms', max: 30 },
        { name: `uncached ${what}, server CPU a page, 10k`, value: u.cpuMsPerPage, unit: 'ms' },
      ];
    }),
  ];
}
