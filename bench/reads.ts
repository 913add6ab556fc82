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
import type { Measured } from './load';
import { measure } from './load';
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

export async function runReads(port: number, log: (line: string) => void): Promise<ReadFigure[]> {
  const out: ReadFigure[] = [];
  for (const products of [1000, 10000, 100000]) {
    const dir = await catalogDataSet(products);
    for (const server of PLAN[products] ?? []) {
      const running = await start(server, dir, port);
      try {
        for (const query of ['page1', 'filtered'] as const) {
          const path = server === 'json-server' ? READ_PATHS[query].jsonServer : READ_PATHS[query].api;
          const short = slow(server, products);
          const result = await measure(`${server} ${products} ${query}`, {
            url: running.url,
            path,
            connections: short ? 1 : 10,
            seconds: 3,
            warmupSeconds: short ? 0 : 2,
            amount: short ? (query === 'page1' ? 3 : 10) : undefined,
          });
          out.push({ products, server, query, startMs: running.startMs, result });
          log(
            `  ${server.padEnd(13)} ${String(products).padStart(6)} products  ${query.padEnd(8)} ${result.rps.toFixed(0).padStart(7)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms`,
          );
        }
      } finally {
        await running.stop();
      }
    }
  }
  return out;
}
