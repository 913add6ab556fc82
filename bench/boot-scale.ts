/**
 * Boot at scale: the real server started on 100k products and 1M orders (catalog-100000's catalogue,
 * admin-orders-1000000's users, sessions and order shards, hard-linked into one DATA_DIR: the server
 * only ever replaces files by rename, so the data sets stay as they are). It is started twice: the
 * first start on the folder checks every row (what a shop's first start on this version does), the
 * second is a restart, as after a deploy or a crash, which checks only files changed since
 * (rows-checked.json). Reports the time from spawn to "listening" of both, the resident memory then,
 * and the resident memory and its peak after the first requests that build the lazy indexes (a
 * listing, a search, the admin orders page, the sales report).
 */
import { readFileSync } from 'node:fs';
import { link, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { adminOrdersDataSet, BENCH_ADMIN_TOKEN, catalogDataSet, DATA_ROOT } from './generate';
import { startOurs } from './servers';

export const BOOT_PRODUCTS = 100_000;
export const BOOT_ORDERS = 1_000_000;

export interface BootFigure {
  products: number;
  orders: number;
  /** The first start on the folder: every row checked. */
  firstStartMs: number;
  /** A restart: spawn to listening. */
  startMs: number;
  rssStartMb: number;
  rssMb: number;
  peakRssMb: number;
}

const memory = (pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
};

async function linkedDataDir(): Promise<string> {
  const catalog = await catalogDataSet(BOOT_PRODUCTS);
  const orders = await adminOrdersDataSet(BOOT_ORDERS);
  const dir = join(DATA_ROOT, 'run-boot-scale');
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, 'orders'), { recursive: true });
  for (const f of ['categories.json', 'products.json']) await link(join(catalog, f), join(dir, f));
  for (const f of ['users.json', 'sessions.json']) await link(join(orders, f), join(dir, f));
  for (const f of await readdir(join(orders, 'orders')))
    await link(join(orders, 'orders', f), join(dir, 'orders', f));
  return dir;
}

async function get(url: string, admin = false): Promise<void> {
  const res = await fetch(url, admin ? { headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` } } : {});
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
}

export async function runBootScale(port: number, log: (line: string) => void): Promise<BootFigure> {
  const dir = await linkedDataDir();
  const first = await startOurs(dir, port);
  await first.stop();
  const running = await startOurs(dir, port);
  try {
    const pid = running.child.pid;
    const rssStartMb = memory(pid, 'VmRSS');
    await get(`${running.url}/api/products?page=1`);
    await get(`${running.url}/api/products?q=jacket%2012&sort=price_asc`);
    await get(`${running.url}/api/orders?page=1&limit=20`, true);
    await get(`${running.url}/api/orders?page=3&limit=20&status=pending`, true);
    await get(`${running.url}/api/admin/sales-report`, true);
    // The search index builds in slices after the first search: give it the time to finish.
    await new Promise((resolve) => setTimeout(resolve, 8000));
    await get(`${running.url}/api/products?q=tee%2099`);
    const figure: BootFigure = {
      products: BOOT_PRODUCTS,
      orders: BOOT_ORDERS,
      firstStartMs: first.startMs,
      startMs: running.startMs,
      rssStartMb,
      rssMb: memory(pid, 'VmRSS'),
      peakRssMb: memory(pid, 'VmHWM'),
    };
    log(
      `  start on ${BOOT_PRODUCTS / 1000}k products + ${BOOT_ORDERS / 1e6}M orders: first ${(figure.firstStartMs / 1000).toFixed(1)} s, restart ${(figure.startMs / 1000).toFixed(1)} s, resident ${figure.rssStartMb} MB; after the first requests ${figure.rssMb} MB (peak ${figure.peakRssMb} MB)`,
    );
    return figure;
  } finally {
    await running.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
