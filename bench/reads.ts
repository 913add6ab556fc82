/**
 * Read benchmarks: page 1 of the catalogue and a filtered, sorted page (category + maxPrice + price
 * sort) against ours, the raw node:http baselines and json-server, on 1k, 10k and 100k products.
 * json-server and raw-stringify scan (and sort) everything per request: at 100k a request takes from
 * a tenth of a second to seconds, so there they are measured over a fixed number of requests on one
 * connection (a single-threaded server's throughput is 1 / service time however many connections wait).
 */
import { join } from 'node:path';
import { FILTER } from './catalog-data';
import { catalogDataSet } from './generate';
import type { Measured, RunFigures } from './load';
import { checkClean, medianOf, once, warmUp } from './load';
import type { Running } from './servers';
import { startJsonServer, startOurs, startRaw } from './servers';

export type ServerName = 'ours' | 'raw-stringify' | 'raw-buffer' | 'json-server';
export type ReadQuery = 'page1' | 'filtered';

export const READ_PATHS: Record<ReadQuery, { api: string; jsonServer: string }> = {
  page1: {
    api: '/api/products?page=1',
    jsonServer: '/api/products?_sort=created_at,id&_order=desc,desc&_page=1&_limit=12',
  },
  filtered: {
    api: `/api/products?category=${FILTER.category}&maxPrice=${FILTER.maxPrice}&sort=${FILTER.sort}`,
    jsonServer: `/api/products?category=${FILTER.category}&price_lte=${FILTER.maxPrice}&_sort=price,id&_order=asc,asc&_page=1&_limit=12`,
  },
};

export interface ReadFigure {
  products: number;
  server: ServerName;
  query: ReadQuery;
  startMs: number;
  result: Measured;
}

const PLAN: Record<number, ServerName[]> = {
  1000: ['ours'],
  10000: ['ours', 'raw-stringify', 'raw-buffer', 'json-server'],
  100000: ['ours', 'raw-stringify', 'raw-buffer', 'json-server'],
};

const slow = (server: ServerName, products: number) =>
  products >= 100000 && (server === 'json-server' || server === 'raw-stringify');

function start(server: ServerName, dir: string, port: number): Promise<Running> {
  if (server === 'ours') return startOurs(dir, port);
  if (server === 'json-server') return startJsonServer(join(dir, 'json-server.json'), port);
  return startRaw(server === 'raw-stringify' ? 'stringify' : 'buffer', dir, port);
}

/**
 * Per catalogue size every server of the plan runs at once (each on its own port, all on core 0; an
 * idle server costs nothing), and the three measured runs go round the servers in turn: ours, then
 * each baseline, three times. A slow drift in the machine's load then weighs on all of them alike.
 */
export async function runReads(port: number, log: (line: string) => void): Promise<ReadFigure[]> {
  const out: ReadFigure[] = [];
  for (const products of [1000, 10000, 100000]) {
    const dir = await catalogDataSet(products);
    const running: Array<{ server: ServerName; r: Running }> = [];
    try {
      for (const [i, server] of (PLAN[products] ?? []).entries())
        running.push({ server, r: await start(server, dir, port + i) });
      for (const query of ['page1', 'filtered'] as const) {
        const specs = running.map(({ server, r }) => {
          const short = slow(server, products);
          return {
            server,
            startMs: r.startMs,
            spec: {
              url: r.url,
              path: server === 'json-server' ? READ_PATHS[query].jsonServer : READ_PATHS[query].api,
              connections: short ? 1 : 10,
              seconds: 3,
              warmupSeconds: short ? 0 : 2,
              amount: short ? (query === 'page1' ? 3 : 10) : undefined,
            },
          };
        });
        for (const { spec } of specs) await warmUp(spec);
        const runs = new Map<ServerName, RunFigures[]>();
        for (let round = 0; round < 3; round++)
          for (const { server, spec } of specs) {
            const f = await once(spec);
            checkClean(`${server} ${products} ${query}`, f);
            runs.set(server, [...(runs.get(server) ?? []), f]);
          }
        for (const { server, startMs } of specs) {
          const result = medianOf(runs.get(server) ?? []);
          out.push({ products, server, query, startMs, result });
          log(
            `  ${server.padEnd(13)} ${String(products).padStart(6)} products  ${query.padEnd(8)} ${(result.rps < 10 ? result.rps.toFixed(1) : result.rps.toFixed(0)).padStart(7)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms`,
          );
        }
      }
    } finally {
      for (const { r } of running) await r.stop();
    }
  }
  return out;
}
