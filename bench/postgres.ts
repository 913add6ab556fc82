/**
 * `npm run bench -- --store=postgres` (issue 16): the same shop on the lowdb files and on PostgreSQL,
 * with one and with two server instances over one database, side by side:
 *   lowdb ×1       our server on a copy of bench/data/orders-1000 (1k products, 1k orders, 50 shoppers)
 *   PostgreSQL ×1  one server on a fresh database holding that same data set (scripts/migrate-data.ts)
 *   PostgreSQL ×2  two servers (two ports, one shared DATA_DIR) on another fresh database of the same data
 * Figures: GET /api/products page 1 and the filtered, sorted page (-c 10), and durable POST /api/orders
 * (-c 50, the bench shoppers' tokens), each a warm-up and then the median of 3 runs of 3 s, the runs
 * going round the three set-ups in turn (as reads.ts and writes.ts do), so drift weighs on all alike.
 *
 * The load on two instances is ONE autocannon run given both URLs: autocannon hands connection i to
 * URL i mod 2, so each instance carries half the connections (5 + 5 reads, 25 + 25 orders), req/s is
 * the sum and p99 comes from one latency histogram over both. The runner below is load.ts's `once`
 * with that URL list and an onResponse hook (autocannon's own options, same settings otherwise).
 *
 * CPU (2 cores): every server instance AND PostgreSQL (the postmaster and every backend it forks) run
 * on core 0, the load generator (this process) on core 1. The storage side of the shop thus has one
 * core in every set-up: lowdb's server holds its store in-process, PostgreSQL's servers share the core
 * with the database. PostgreSQL runs with its defaults (fsync and synchronous_commit on), its files in
 * the system temp folder, on the same disk as bench/data.
 *
 * Durability: every 2xx answer to POST /api/orders carries the new order's id; after the order runs each
 * set-up's store is read back (SQL for PostgreSQL, the files reopened for lowdb once its server has
 * stopped) and every acknowledged id must be there. Rows may exceed the acknowledgements by orders still
 * in flight when a run's clock stopped (placed, never answered to autocannon).
 *
 * The throwaway cluster, every server and the copied folders are removed afterwards, also on failure.
 */
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openLowdbStores } from '#server/store/lowdb-store';
// The bench is a development tool; the throwaway cluster of the PostgreSQL tests is exactly what it needs.
// eslint-disable-next-line import-x/no-restricted-paths
import { startPgCluster } from '../server/test/pg-cluster';
import { DATA_ROOT, ordersDataSet } from './generate';
import type { Measured, RunFigures } from './load';
import { checkClean, figuresOf, medianOf } from './load';
import { READ_PATHS } from './reads';
import { orderRequests } from './writes';
import type { Running } from './servers';
import { ROOT, SERVER_CORE, startOurs } from './servers';

const run = promisify(execFile);

export type StoreSetup = 'lowdb x1' | 'postgres x1' | 'postgres x2';
const SETUPS: StoreSetup[] = ['lowdb x1', 'postgres x1', 'postgres x2'];

export interface DurabilityCheck {
  /** 2xx answers to POST /api/orders over every order run (warm-up included). */
  acknowledged: number;
  /** Orders in the store before and after the order runs. */
  rowsBefore: number;
  rowsAfter: number;
  /** Acknowledged ids not found in the store (must be 0), and ids acknowledged twice (must be 0). */
  missing: number;
  duplicates: number;
}

export interface StoreFigure {
  setup: StoreSetup;
  instances: number;
  page1: Measured;
  filtered: Measured;
  orders: Measured;
  durability: DurabilityCheck;
}

export interface StoreComparison {
  dataSet: string;
  placement: string;
  split: string;
  postgres: { version: string; fsync: string; synchronousCommit: string };
  figures: StoreFigure[];
}

interface Spec {
  path: string;
  connections: number;
  seconds: number;
  amount?: number;
  orders?: boolean;
}

const READ = (query: 'page1' | 'filtered'): Spec => ({
  path: READ_PATHS[query].api,
  connections: 10,
  seconds: 3,
});
const ORDER: Spec = { path: '/api/orders', connections: 50, seconds: 3, orders: true };
const WARM_UP_SECONDS = 2;

/**
 * One autocannon run over `urls` (connection i goes to urls[i % urls.length]); order runs add the id
 * of every acknowledged order to `acked`.
 */
function fire(urls: string[], spec: Spec, acked: number[]): Promise<RunFigures> {
  const onResponse = (status: number, body: string | Buffer) => {
    if (status < 200 || status > 299) return;
    let id: unknown;
    try {
      id = (JSON.parse(String(body)) as { orderId?: unknown }).orderId;
    } catch {
      // counted below as an acknowledgement whose order cannot be found
    }
    acked.push(typeof id === 'number' ? id : -1);
  };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        // autocannon takes a list of URLs (its types say one string).
        url: (urls.length === 1 ? urls[0] : urls) as string,
        connections: spec.connections,
        duration: spec.seconds,
        ...(spec.amount ? { amount: spec.amount, timeout: 120 } : {}),
        requests: [
          {
            method: spec.orders ? 'POST' : 'GET',
            path: spec.path,
            ...(spec.orders ? { setupRequest: orderRequests(), onResponse } : {}),
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(figuresOf(r))),
    );
  });
}

/** load.ts's warm-up: one request alone, then the warm-up load; nothing of it is counted (but acks are). */
async function warmUp(urls: string[], spec: Spec, acked: number[]): Promise<void> {
  for (const url of urls) await fire([url], { ...spec, connections: 1, amount: 1 }, acked);
  await fire(urls, { ...spec, seconds: WARM_UP_SECONDS }, acked);
}

interface Live {
  setup: StoreSetup;
  servers: Running[];
  dir: string;
  databaseUrl?: string;
  acked: number[];
  /** Orders in the store before any load. */
  before: number;
}

/** The cluster's postmaster and the processes it has forked so far, all moved onto the servers' core. */
async function pinPostgres(adminUrl: string): Promise<{ postmaster: number; root: string }> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  let dataDir: string;
  try {
    dataDir = String((await client.query('SHOW data_directory')).rows[0].data_directory);
  } finally {
    await client.end();
  }
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(postmaster)]);
  const children = stdout
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
  // Backends forked later inherit the postmaster's CPU set.
  for (const pid of [String(postmaster), ...children])
    execFileSync('taskset', ['-a', '-p', '-c', SERVER_CORE, pid], { stdio: 'ignore' });
  return { postmaster, root: dirname(dataDir) };
}

async function migrate(from: string, to: string): Promise<void> {
  try {
    await run(process.execPath, ['--import', 'tsx', 'scripts/migrate-data.ts', '--from', from, '--to', to], {
      cwd: ROOT,
    });
  } catch (e) {
    const out = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`migrate-data failed: ${out.message}\n${out.stdout ?? ''}${out.stderr ?? ''}`, {
      cause: e,
    });
  }
}

async function sql<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function storedOrderIds(live: Live): Promise<Set<number>> {
  if (live.databaseUrl) {
    const rows = await sql<{ id: number }>(live.databaseUrl, 'SELECT id FROM orders');
    return new Set(rows.map((r) => Number(r.id)));
  }
  // lowdb: the server has stopped; the files are reopened as a restarted server would read them.
  const stores = await openLowdbStores(live.dir, { report: () => undefined });
  return new Set(stores.orders.all().map((o) => o.id));
}

export async function runStoreComparison(
  port: number,
  log: (line: string) => void,
): Promise<StoreComparison> {
  const source = await ordersDataSet(1000);
  const lives: Live[] = [];
  let cluster: Awaited<ReturnType<typeof startPgCluster>> | undefined;
  let emergency: (() => void) | undefined;
  try {
    cluster = await startPgCluster();
    const pinned = await pinPostgres(cluster.adminUrl);
    // Interrupted (servers.ts exits on SIGINT/SIGTERM) or failing hard: take the cluster down anyway.
    emergency = () => {
      try {
        process.kill(pinned.postmaster, 'SIGQUIT');
      } catch {
        // already gone
      }
      rmSync(pinned.root, { recursive: true, force: true });
      for (const live of lives) rmSync(live.dir, { recursive: true, force: true });
    };
    process.once('exit', emergency);
    const [settings] = await sql<{ version: string; fsync: string; synchronous_commit: string }>(
      cluster.adminUrl,
      "SELECT current_setting('server_version') AS version, current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit",
    );
    log(
      `  PostgreSQL ${settings!.version} (fsync ${settings!.fsync}, synchronous_commit ${settings!.synchronous_commit}) on core ${SERVER_CORE} with the servers`,
    );

    let nextPort = port;
    for (const setup of SETUPS) {
      const dir = join(DATA_ROOT, `run-store-${setup.replace(' ', '-')}`);
      await rm(dir, { recursive: true, force: true });
      await cp(source, dir, { recursive: true });
      const live: Live = { setup, servers: [], dir, acked: [], before: 0 };
      lives.push(live);
      if (setup === 'lowdb x1') {
        live.before = (await storedOrderIds(live)).size; // read before its server holds the folder
        live.servers.push(await startOurs(dir, nextPort++));
        continue;
      }
      const t0 = Date.now();
      live.databaseUrl = await cluster.createDatabase(`bench_${setup.replace(' ', '_')}`);
      await migrate(source, live.databaseUrl);
      live.before = (await storedOrderIds(live)).size;
      const count = setup === 'postgres x2' ? 2 : 1;
      for (let i = 0; i < count; i++)
        live.servers.push(await startOurs(dir, nextPort++, { DATABASE_URL: live.databaseUrl }));
      log(
        `  ${setup}: data set migrated into a fresh database, ${count} instance(s) up in ${Date.now() - t0} ms`,
      );
    }

    const urls = (live: Live) => live.servers.map((s) => s.url);
    const measured = new Map<string, Measured>();
    const measureAll = async (name: string, spec: Spec) => {
      for (const live of lives) await warmUp(urls(live), spec, live.acked);
      const runs = new Map<StoreSetup, RunFigures[]>();
      for (let round = 0; round < 3; round++)
        for (const live of lives) {
          const f = await fire(urls(live), spec, live.acked);
          checkClean(`${live.setup} ${name}`, f);
          runs.set(live.setup, [...(runs.get(live.setup) ?? []), f]);
        }
      for (const live of lives) {
        const m = medianOf(runs.get(live.setup) ?? []);
        measured.set(`${live.setup} ${name}`, m);
        log(
          `  ${live.setup.padEnd(12)} ${name.padEnd(9)} ${m.rps.toFixed(0).padStart(6)} /s  p50 ${m.p50} ms  p99 ${m.p99} ms`,
        );
      }
    };

    await measureAll('page1', READ('page1'));
    await measureAll('filtered', READ('filtered'));
    await measureAll('orders', ORDER);

    const figures: StoreFigure[] = [];
    for (const live of lives) {
      // Stopping first: lowdb is read back from its files, and a stop must not lose an acknowledged order.
      for (const s of live.servers) await s.stop();
      const stored = await storedOrderIds(live);
      const durability: DurabilityCheck = {
        acknowledged: live.acked.length,
        rowsBefore: live.before,
        rowsAfter: stored.size,
        missing: live.acked.filter((id) => !stored.has(id)).length,
        duplicates: live.acked.length - new Set(live.acked).size,
      };
      const d = durability;
      log(
        `  ${live.setup.padEnd(12)} durability: ${d.acknowledged} orders acknowledged, ${d.rowsAfter - d.rowsBefore} rows added (${d.rowsBefore} -> ${d.rowsAfter}), ${d.missing} acknowledged missing, ${d.duplicates} acknowledged twice${d.missing || d.duplicates ? '  <-- FAILED' : ''}`,
      );
      figures.push({
        setup: live.setup,
        instances: live.servers.length,
        page1: measured.get(`${live.setup} page1`)!,
        filtered: measured.get(`${live.setup} filtered`)!,
        orders: measured.get(`${live.setup} orders`)!,
        durability,
      });
    }
    const lost = figures.filter((f) => f.durability.missing || f.durability.duplicates);
    if (lost.length)
      throw new Error(`acknowledged orders lost or doubled: ${lost.map((f) => f.setup).join(', ')}`);
    return {
      dataSet: 'orders-1000 (1,000 products, 1,000 orders, 50 shoppers with sessions)',
      placement: `servers and PostgreSQL on core ${SERVER_CORE}, load generator on the other core`,
      split:
        'one autocannon run over both URLs: connection i to instance i mod 2 (5 + 5 reads, 25 + 25 orders)',
      postgres: {
        version: settings!.version,
        fsync: settings!.fsync,
        synchronousCommit: settings!.synchronous_commit,
      },
      figures,
    };
  } finally {
    for (const live of lives) {
      for (const s of live.servers) await s.stop();
      await rm(live.dir, { recursive: true, force: true });
    }
    await cluster?.stop();
    if (emergency) process.removeListener('exit', emergency);
  }
}

/** The comparison as a table: a row per figure, a column per set-up. */
export function storeTable(c: StoreComparison): string {
  const col = (setup: StoreSetup) => c.figures.find((f) => f.setup === setup);
  const cell = (setup: StoreSetup, pick: (f: StoreFigure) => number) => {
    const f = col(setup);
    return (f ? pick(f).toFixed(0) : 'n/a').padStart(13);
  };
  const rows: Array<[string, (f: StoreFigure) => number]> = [
    ['reads page 1, req/s (-c 10)', (f) => f.page1.rps],
    ['reads page 1, p99 ms', (f) => f.page1.p99],
    ['reads filtered, req/s (-c 10)', (f) => f.filtered.rps],
    ['reads filtered, p99 ms', (f) => f.filtered.p99],
    ['durable orders/s (-c 50)', (f) => f.orders.rps],
    ['durable orders, p99 ms', (f) => f.orders.p99],
  ];
  return [
    `| measure (same run)             |      lowdb ×1 | PostgreSQL ×1 | PostgreSQL ×2 |`,
    '|---|---:|---:|---:|',
    ...rows.map(([name, pick]) => `| ${name.padEnd(30)} | ${SETUPS.map((s) => cell(s, pick)).join(' | ')} |`),
    `| ${'acknowledged orders missing'.padEnd(30)} | ${SETUPS.map((s) => cell(s, (f) => f.durability.missing)).join(' | ')} |`,
  ].join('\n');
}
