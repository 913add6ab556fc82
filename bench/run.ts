/**
 * npm run bench: data (fixed seed, bench/data/), then every part in one run: reads, writes, cold queries,
 * catalogue writes, the admin orders screen at 1M orders, the start at 100k products + 1M orders, the
 * offline sync in Chromium, and Lighthouse; prints each figure beside its goal (issues 7 and 13) and the
 * raw figures, and writes them to bench/results/<time>.json. This process is the load generator and pins
 * itself to core 1; every server runs on core 0.
 * Options: --skip-lighthouse, --only=<part>[,<part>…] with parts reads, writes, cold, catalog-writes,
 * admin, boot, offline, lighthouse, postgres, mail, search, pages (rendered pages, issue 28: bench/pages.ts).
 * --store=postgres runs the postgres part (bench/postgres.ts: lowdb ×1 beside PostgreSQL ×1 and ×2 on a
 * throwaway cluster, needs PostgreSQL installed) and, without --only, ONLY that part and its data set;
 * with --only it is added to the parts listed. A plain `npm run bench` leaves it out.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { adminOrdersDataSet, catalogDataSet, ordersDataSet } from './generate';
import type { LhPage } from './lighthouse';
import { runLighthouse } from './lighthouse';
import type { ReadFigure } from './reads';
import { runReads } from './reads';
import { runAdminOrders } from './admin-orders';
import type { AdminOrdersFigures } from './admin-orders';
import { runBootScale } from './boot-scale';
import type { BootFigure } from './boot-scale';
import { runCatalogWrites } from './catalog-writes';
import type { CatalogWriteFigure } from './catalog-writes';
import { runColdQueries } from './cold-queries';
import type { ColdFigure } from './cold-queries';
import { runOfflineSync } from './offline-sync';
import type { OfflineSyncFigure } from './offline-sync';
import { runStoreComparison, storeTable } from './postgres';
import type { StoreComparison } from './postgres';
import { rawTable, ratios, table } from './report';
import { scaleRatios } from './report-scale';
import { LOAD_CORE } from './servers';
import type { StormFigure, WriteFigure } from './writes';
import { runWrites } from './writes';
import type { MailFigures } from './mail';
import { runMail } from './mail';
import type { PagesFigures } from './pages';
import { pagesRatios, runPages } from './pages';
import type { SearchEngineFigures } from './search-engine-bench';
import { searchEngineFigures, searchListingFigures, searchRatios } from './search-engine-bench';

/** BENCH_PORT: engineers sharing one machine each keep to their own port range. */
const PORT = Number(process.env.BENCH_PORT ?? 3471);
const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const store = args.find((a) => a.startsWith('--store='))?.slice('--store='.length);
if (store !== undefined && store !== 'postgres' && store !== 'lowdb') {
  console.error(`--store=${store}: the stores are lowdb (the default) and postgres`);
  process.exit(2);
}
const withPostgres = store === 'postgres';
const wants = (part: string) =>
  only
    ? only.split(',').includes(part) || (part === 'postgres' && withPostgres)
    : withPostgres
      ? part === 'postgres'
      : part !== 'postgres';
/** Every part but the store comparison needs the whole data (minutes to generate the first time). */
const onlyPostgres = only ? only.split(',').every((p) => p === 'postgres') : withPostgres;
/**
 * The store comparison and the mail part need only the 1k-orders store; Lighthouse only the demo store; the
 * search part makes its own data.
 */
const smallData = only
  ? only.split(',').every((p) => ['postgres', 'mail', 'lighthouse', 'search'].includes(p))
  : withPostgres;
/** The rendered pages need only the 10k catalogue. */
const pagesData = only ? only.split(',').every((p) => p === 'pages') : false;
const log = (line: string) => console.log(line);

async function main(): Promise<void> {
  const t0 = Date.now();
  try {
    execFileSync('taskset', ['-a', '-p', '-c', LOAD_CORE, String(process.pid)], { stdio: 'ignore' });
  } catch {
    throw new Error('taskset is needed to pin the servers and the load generator (Debian: util-linux)');
  }
  const load = { before: loadavg(), cpus: cpus().length };
  log(
    `Threadline bench — ${new Date().toISOString()} — ${load.cpus} cores, load average ${load.before.map((l) => l.toFixed(2)).join(' ')}`,
  );
  if (load.before[0]! > 1.5) log('  (the machine is busy: figures will be noisy)');

  log('Data (fixed seed, reused while unchanged):');
  if (smallData) await ordersDataSet(1000);
  else if (pagesData) await catalogDataSet(10000);
  else {
    for (const n of [1000, 10000, 100000]) await catalogDataSet(n);
    for (const m of [1000, 100000]) await ordersDataSet(m);
    await catalogDataSet(2000);
    await adminOrdersDataSet(1_000_000);
  }
  log(`  ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  let reads: ReadFigure[] = [];
  let writes: WriteFigure[] = [];
  let storm: StormFigure | undefined;
  let lh: Record<string, LhPage> | null = null;
  let lhError: string | null = null;
  if (wants('reads')) {
    log('Reads (-c 10, warm-up, median of 3):');
    reads = await runReads(PORT, log);
  }
  if (wants('writes')) {
    log('Writes (durable POST /api/orders, -c 50, warm-up, median of 3):');
    ({ writes, storm } = await runWrites(PORT, log));
  }
  let cold: ColdFigure[] = [];
  let catalogWrites: CatalogWriteFigure[] = [];
  let admin: AdminOrdersFigures | null = null;
  let boot: BootFigure | null = null;
  let offline: OfflineSyncFigure | null = null;
  if (wants('cold')) {
    log(
      'Cold queries (every URL new: 3,000 distinct listings, 3,000 distinct searches, median of 3 rounds):',
    );
    cold = await runColdQueries(PORT, log);
  }
  if (wants('catalog-writes')) {
    log('Catalogue writes (one admin at a time, 400 writes a round, median of 3):');
    catalogWrites = await runCatalogWrites(PORT, log);
  }
  if (wants('admin')) {
    log('Admin orders screen at 1M orders:');
    admin = await runAdminOrders(log);
  }
  if (wants('boot')) {
    log('Start at scale:');
    boot = await runBootScale(PORT, log);
  }
  if (wants('offline')) {
    log('Offline sync and offline listings in Chromium (10k products):');
    offline = await runOfflineSync(log);
  }
  let mail: MailFigures | null = null;
  if (wants('mail')) {
    log(
      'Mail (durable POST /api/orders with mail on and off, -c 50, warm-up, median of 3; the sender to a local sink):',
    );
    mail = await runMail(PORT + 20, log);
  }
  let search: SearchEngineFigures | null = null;
  if (wants('search')) {
    log('Search engine (issue 29; 100k products in this process, warm-up, typos on):');
    search = { ...searchEngineFigures(100_000), listing: await searchListingFigures(100_000) };
    log(`  ${search.words} distinct words, search p50 ${search.searchP50.toFixed(2)} ms`);
  }
  let pages: PagesFigures | null = null;
  if (wants('pages')) {
    log(
      'Rendered pages at 10k products (cached: -c 10, warm-up, median of 3, beside raw-pages; uncached: 1,000 new pages a round, one connection, median of 3):',
    );
    pages = await runPages(PORT + 30, log);
  }
  let stores: StoreComparison | null = null;
  if (wants('postgres')) {
    log(
      'lowdb and PostgreSQL, one and two instances (1k products, 1k orders; -c 10 reads, -c 50 durable orders, warm-up, median of 3):',
    );
    stores = await runStoreComparison(PORT, log);
  }
  if (wants('lighthouse') && !args.includes('--skip-lighthouse')) {
    log('Lighthouse 12.8 (mobile, median of 3):');
    try {
      lh = await runLighthouse(PORT, log);
    } catch (e) {
      lhError = e instanceof Error ? e.message : String(e);
      log(`  Lighthouse could not run: ${lhError}`);
    }
  }

  const rows = [
    ...ratios(reads, writes, storm, lh),
    ...scaleRatios({ cold, catalogWrites, admin, boot, offline }),
    ...(mail
      ? [
          {
            name: 'orders/s, mail on / mail off',
            value: mail.on.rps / mail.off.rps,
            unit: 'x' as const,
            min: 0.9,
          },
          { name: 'sender, mails/s to a local SMTP sink', value: mail.mailsPerSecond, unit: '/s' as const },
        ]
      : []),
    ...(search ? searchRatios(search) : []),
    ...(pages ? pagesRatios(pages) : []),
  ];
  const after = loadavg();
  if (!onlyPostgres) {
    log('\nRatios, all measured in this run:\n');
    log(table(rows));
    log('\nRaw figures:\n');
    log(rawTable(reads, writes, storm));
  }
  if (stores) {
    log(`\nlowdb beside PostgreSQL (${stores.placement}; two instances: ${stores.split}):\n`);
    log(storeTable(stores));
  }
  const seconds = (Date.now() - t0) / 1000;
  log(
    `\nTook ${seconds.toFixed(0)} s; load average before ${load.before[0]!.toFixed(2)}, after ${after[0]!.toFixed(2)}.`,
  );

  const dir = join(import.meta.dirname, 'results');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = {
    cpus: load.cpus,
    model: cpus()[0]?.model,
    node: process.version,
    loadBefore: load.before,
    loadAfter: after,
  };
  await writeFile(
    file,
    JSON.stringify(
      {
        seconds,
        machine,
        ratios: rows,
        reads,
        writes,
        storm,
        cold,
        catalogWrites,
        admin,
        boot,
        offline,
        lighthouse: lh,
        lighthouseError: lhError,
        stores,
        mail,
        search,
        pages,
      },
      null,
      2,
    ),
  );
  log(`Results: ${file}`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error('bench failed:', e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
