/**
 * The admin orders screen at scale (issue 13, item 5): the real server on admin-orders-1000000 (a
 * million orders in every status, 20,000 customers), and GET /api/orders?page=N&limit=20 over pages
 * near and far and every status filter, as the screen asks for them. Also measured: a search by one
 * customer's e-mail, the sales report (running totals), the start and the server's resident memory.
 * The first request builds the order book (timelines, customers, totals) and is reported on its own.
 */
import { readFileSync } from 'node:fs';
import type autocannon from 'autocannon';
import { ADMIN_CUSTOMERS, adminOrdersDataSet, BENCH_ADMIN_TOKEN } from './generate';
import type { Measured } from './load';
import { measure } from './load';
import { startOurs } from './servers';

export const ADMIN_ORDERS = 1_000_000;
export const ADMIN_ORDERS_PORT = 3491;
const LIMIT = 20;
const STATUSES = ['', 'pending', 'processing', 'shipped', 'completed', 'cancelled'];

export interface AdminOrdersFigures {
  orders: number;
  /** Page requests over every status (and none), pages 1 to the last. */
  p50Ms: number;
  p99Ms: number;
  rps: number;
  /** The same with one connection: what one admin waits for. */
  single: { p50Ms: number; p99Ms: number };
  /** q = one customer's e-mail, pages 1 to 3. */
  search: { p50Ms: number; p99Ms: number };
  salesReport: { p50Ms: number; p99Ms: number };
  startMs: number;
  /** The first GET /api/orders, which builds the order book. */
  firstMs: number;
  /** The server's resident memory after start, and after the measured runs. */
  rssStartMb: number;
  rssEndMb: number;
}

const rssMb = (pid: number | undefined): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : NaN;
};

/** Paths taken in turn by every connection, so each run spreads over pages and statuses alike. */
function rotating(paths: string[]): (req: autocannon.Request) => autocannon.Request {
  let i = 0;
  return (req) => ({ ...req, path: paths[i++ % paths.length]! });
}

async function get(url: string): Promise<{ ms: number; body: { total: number; items: unknown[] } }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` } });
  const body = (await res.json()) as { total: number; items: unknown[] };
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return { ms: performance.now() - t0, body };
}

const figures = (m: Measured) => ({ p50Ms: m.p50, p99Ms: m.p99 });

export async function runAdminOrders(log: (line: string) => void): Promise<AdminOrdersFigures> {
  const dir = await adminOrdersDataSet(ADMIN_ORDERS);
  const server = await startOurs(dir, ADMIN_ORDERS_PORT);
  try {
    const rssStartMb = rssMb(server.child.pid);
    const first = await get(`${server.url}/api/orders?page=1&limit=${LIMIT}`);
    if (first.body.total !== ADMIN_ORDERS || first.body.items.length !== LIMIT)
      throw new Error(`unexpected first page: total ${first.body.total}, ${first.body.items.length} items`);
    // Per status: its first pages, a middle one and its last, from its own total.
    const paths: string[] = [];
    for (const status of STATUSES) {
      const filter = status ? `&status=${status}` : '';
      const { total } = (await get(`${server.url}/api/orders?limit=1${filter}`)).body;
      const last = Math.max(1, Math.ceil(total / LIMIT));
      for (const page of [1, 2, 3, 10, 100, Math.ceil(last / 2), last - 1, last])
        if (page >= 1) paths.push(`/api/orders?page=${page}&limit=${LIMIT}${filter}`);
    }
    const headers = { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` };
    const spec = { url: server.url, path: paths[0]!, headers, seconds: 3, warmupSeconds: 2 };
    const pages = await measure('admin orders pages', { ...spec, connections: 10, setup: rotating(paths) });
    const single = await measure('admin orders pages, 1 connection', {
      ...spec,
      connections: 1,
      setup: rotating(paths),
    });
    const email = `customer${Math.ceil(ADMIN_CUSTOMERS / 3)}%40bench.test`;
    const search = await measure('admin orders search', {
      ...spec,
      connections: 1,
      setup: rotating([1, 2, 3].map((p) => `/api/orders?page=${p}&limit=${LIMIT}&q=${email}`)),
    });
    const report = await measure('sales report', {
      ...spec,
      path: '/api/admin/sales-report',
      connections: 1,
    });
    const out: AdminOrdersFigures = {
      orders: ADMIN_ORDERS,
      ...figures(pages),
      rps: pages.rps,
      single: figures(single),
      search: figures(search),
      salesReport: figures(report),
      startMs: server.startMs,
      firstMs: Math.round(first.ms),
      rssStartMb,
      rssEndMb: rssMb(server.child.pid),
    };
    log(
      `  admin orders ${ADMIN_ORDERS.toLocaleString('en')} orders: pages (-c 10) ${out.rps.toFixed(0)} req/s p50 ${out.p50Ms} ms p99 ${out.p99Ms} ms; ` +
        `one admin p50 ${out.single.p50Ms} ms p99 ${out.single.p99Ms} ms; search p99 ${out.search.p99Ms} ms; ` +
        `sales report p99 ${out.salesReport.p99Ms} ms; start ${(out.startMs / 1000).toFixed(1)} s, first page ${out.firstMs} ms, ` +
        `RSS ${out.rssStartMb} -> ${out.rssEndMb} MB`,
    );
    return out;
  } finally {
    await server.stop();
  }
}
