/**
 * Offline sync and offline listings in a real browser (issue 13, item 7): the real server on a copy of the
 * 10k-product bench catalogue serves a fresh build of the web app; Debian's Chromium (headless, a new
 * profile) opens `/` and the app's background sync copies the catalogue into IndexedDB. Recorded:
 *   syncMs         navigation start -> the `catalogue` meta row written with complete: true (its syncedAt),
 *                  on a server that has already served one such first visit (in another browser context:
 *                  a shop's server has been running; its first rendering and pages after a start are slower,
 *                  and that visit's own copy time is kept as coldServerSyncMs);
 *   longestTaskMs  the longest main-thread task (PerformanceObserver `longtask`, observed from the first
 *                  script of the page, addInitScript) from navigation to that full copy; longTasks counts
 *                  the tasks over 50 ms in the same window (every `longtask` entry is one);
 * then the browser goes offline (context.setOffline) and each listing of LISTINGS is opened from the home
 * page by an in-app navigation (history.pushState + popstate, what a link does): the time from that
 * navigation to the frame after the listing's cards (and, on /products, the sidebar's featured products)
 * show exactly the titles the server answered online, and the longest task meanwhile.
 *   offlineListingMs the slowest of those listings;
 *   offlineReloadMs  a new session opened offline on a listing (page.goto): its navigation start -> the cards.
 * The web app is built into bench/data/offline-dist (the shared dist/ is left alone); OFFLINE_SYNC_SKIP_BUILD=1
 * reuses it; OFFLINE_SYNC_DIST=<dir> serves another build (e.g. of an older commit, to compare). Nothing is
 * pinned: Chromium may use both cores, as a phone's browser would use its own. The figures move a lot with
 * the machine's load (every one is a wall-clock time): compare runs made side by side. Inside `npm run bench`
 * (which pins itself to one core) it runs on every core again: until that, Chromium and the server shared one
 * core there, and the copy took more than twice as long as standalone.
 * Standalone: node --import tsx bench/offline-sync.ts [--cpu-slowdown=4]   (CDP CPU throttling);
 * OFFLINE_SYNC_PORT=<port> serves on another port (parallel runs on one machine).
 */
import { existsSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { catalogDataSet, DATA_ROOT } from './generate';
import { awaitCompleteCopy, longTasksSince, timeListing, waitFor } from './offline-sync-page';
import { buildWebApp, onAllCores, startOurs } from './servers';

export const OFFLINE_SYNC_PORT = 3481;
export const OFFLINE_SYNC_PRODUCTS = 10_000;
const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const PAGE_SIZE = 12; // web/src/features/catalog/listing-rules.ts
const SIDEBAR_FEATURED = 5;

/** In-app listings measured offline; `api` is the same query as the server sees it (the expected titles). */
export const LISTINGS = [
  { path: '/products', api: `page=1&limit=${PAGE_SIZE}`, sidebar: true },
  { path: '/products?category=jackets', api: `category=jackets&page=1&limit=${PAGE_SIZE}`, sidebar: true },
  { path: '/products?name=slim%20tee', api: `q=slim%20tee&page=1&limit=${PAGE_SIZE}`, sidebar: true },
  {
    path: '/products?collection=outdoor&page=3',
    api: `collection=outdoor&page=3&limit=${PAGE_SIZE}`,
    sidebar: true,
  },
] as const;

export interface OfflineListingFigure {
  path: string;
  /** In-app navigation -> the frame after the cards show the server's titles. */
  ms: number;
  /** Longest main-thread task in that time (0 when none was over 50 ms). */
  longestTaskMs: number;
}

export interface OfflineSyncFigure {
  products: number;
  /** CDP CPU throttling rate (1 = none). */
  cpuSlowdown: number;
  /** Navigation start -> the complete copy written (the `catalogue` meta row's syncedAt). */
  syncMs: number;
  /**
   * The same on the first visit after the server's start (another browser context, before the measured one):
   * the server's first rendering, files and catalogue pages are slower until it has served them once.
   */
  coldServerSyncMs: number;
  /** Navigation start -> the page's load event (what main.tsx waits for, and then an idle moment, before the sync). */
  loadMs: number;
  /**
   * Navigation start -> the sync starts copying (`<html data-catalogue-sync="running">`: main.tsx loads the
   * sync's chunk once the page has loaded and is idle, which starts the worker; the worker says so once it has
   * found the copy missing or stale).
   */
  syncStartMs: number;
  /** Longest `longtask` from navigation to the complete copy. */
  longestTaskMs: number;
  /** Tasks over 50 ms from navigation to the complete copy. */
  longTasks: number;
  /** Those tasks in order (start since navigation, duration), to tell the app's start from the sync. */
  longTaskList: Array<{ atMs: number; ms: number }>;
  /** Full copy -> the listing index and search engine built in the background (`<html data-offline-index>`). */
  indexReadyMs: number;
  /** Longest `longtask` from the full copy until the index and engine are built. */
  indexLongestTaskMs: number;
  /** The offline listings' p95 over REPEATS runs of each. */
  offlineListingMs: number;
  listings: OfflineListingFigure[];
  /**
   * A new session opened offline: navigation start of a reload of RELOAD_LISTING -> its cards shown. Includes
   * the app's start from the service worker's cache and reading the listing index from IndexedDB once.
   */
  offlineReloadMs: number;
}

/** The listing reloaded offline (a new session): a category that is not the first page's. */
export const RELOAD_LISTING = LISTINGS[1];

/** Issue 29: the copy within 3 s, no task over 50 ms meanwhile nor while the offline index is built, p95 ≤ 100 ms. */
export const GOALS = {
  syncMs: 3000,
  longestTaskMs: 50,
  indexLongestTaskMs: 50,
  offlineListingMs: 100,
} as const;
/** Each offline listing is timed this many times (home in between): the p95 is over all of them. */
const REPEATS = 5;

function build(dist: string, log: (line: string) => void): void {
  if (process.env.OFFLINE_SYNC_DIST) return;
  if (process.env.OFFLINE_SYNC_SKIP_BUILD && existsSync(join(dist, 'index.html'))) return;
  log('  building the web app into bench/data/offline-dist ...');
  buildWebApp(dist);
}

export function runOfflineSync(
  log: (line: string) => void,
  options: { cpuSlowdown?: number; port?: number } = {},
): Promise<OfflineSyncFigure> {
  // Chromium and the server on both cores, as the header says, also inside `npm run bench` (pinned to one).
  return onAllCores(() => measure(log, options));
}

async function measure(
  log: (line: string) => void,
  options: { cpuSlowdown?: number; port?: number },
): Promise<OfflineSyncFigure> {
  const cpuSlowdown = options.cpuSlowdown ?? 1;
  const port = options.port ?? (Number(process.env.OFFLINE_SYNC_PORT) || OFFLINE_SYNC_PORT);
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install chromium)`);
  const dist = process.env.OFFLINE_SYNC_DIST
    ? resolve(process.env.OFFLINE_SYNC_DIST)
    : join(DATA_ROOT, 'offline-dist');
  build(dist, log);
  // A fresh copy of the data set each run: the server takes a lock in its folder and may write to it. One
  // folder per port, so runs side by side on other ports do not share it.
  const dataDir = join(
    DATA_ROOT,
    port === OFFLINE_SYNC_PORT ? 'offline-sync-store' : `offline-sync-store-${port}`,
  );
  await rm(dataDir, { recursive: true, force: true });
  // Not the lock of a server another bench may be running on the data set itself.
  await cp(await catalogDataSet(OFFLINE_SYNC_PRODUCTS), dataDir, {
    recursive: true,
    filter: (src) => !src.endsWith('threadline.lock'),
  });
  const server = await startOurs(dataDir, port, { DIST_DIR: dist }, false);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    // tsx (esbuild keepNames) wraps the named functions of page.evaluate bodies in __name(): give the page one.
    await context.addInitScript('window.__name = (f) => f;');
    await context.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          window.__longTasks?.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
      // When the app's background sync starts (catalogue-sync.ts marks <html data-catalogue-sync="running">).
      new MutationObserver(() => {
        if (document.documentElement.dataset.catalogueSync === 'running')
          window.__syncStartedAt ??= performance.now();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-catalogue-sync'] });
    });
    // The server as a shopper meets it: running, not started a second ago. One first visit in a context of its
    // own (its own cache, worker and IndexedDB: nothing of it reaches the measured one) runs the server's first
    // rendering, static files and catalogue pages; its copy time is kept as the cold-server figure.
    const coldServerSyncMs = await firstVisitSyncMs(browser, server.url);
    const page = await context.newPage();
    if (cpuSlowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    // What the server answers online: the titles each listing must show offline.
    const titlesOf = async (query: string) =>
      (
        (await (await fetch(`${server.url}/api/products?${query}`)).json()) as { items: { title: string }[] }
      ).items.map((p) => p.title);
    const featured = await titlesOf(`limit=${SIDEBAR_FEATURED}`);
    const expected = await Promise.all(LISTINGS.map((l) => titlesOf(l.api)));

    await page.goto('/');
    const copy = await awaitCompleteCopy(page, 'the complete catalogue copy');
    const syncMs = copy.syncMs;
    const [syncStartMs, loadMs] = await page.evaluate(() => [
      window.__syncStartedAt ?? NaN,
      performance.getEntriesByType('navigation')[0]?.toJSON().loadEventEnd ?? NaN,
    ]);
    const tasks = await longTasksSince(page, 0, syncMs);
    const figure: OfflineSyncFigure = {
      products: copy.total,
      cpuSlowdown,
      syncMs: Math.round(syncMs),
      coldServerSyncMs: Math.round(coldServerSyncMs),
      loadMs: Math.round(loadMs),
      syncStartMs: Math.round(syncStartMs),
      longestTaskMs: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
      longTasks: tasks.length,
      longTaskList: tasks.map((t) => ({ atMs: Math.round(t.start), ms: Math.round(t.duration) })),
      indexReadyMs: NaN,
      indexLongestTaskMs: NaN,
      offlineListingMs: 0,
      listings: [],
      offlineReloadMs: 0,
    };
    log(
      `  sync of ${copy.total} products${cpuSlowdown > 1 ? ` (CPU ${cpuSlowdown}x slower)` : ''}: ${(syncMs / 1000).toFixed(2)} s ` +
        `(page loaded at ${(loadMs / 1000).toFixed(2)} s, sync started at ${(syncStartMs / 1000).toFixed(2)} s), ` +
        `${tasks.length} tasks over 50 ms, longest ${figure.longestTaskMs} ms [${figure.longTaskList.map((t) => `${t.ms} ms at ${(t.atMs / 1000).toFixed(2)} s`).join(', ')}]; ` +
        `the first visit after the server's start: ${(coldServerSyncMs / 1000).toFixed(2)} s`,
    );

    // The listing index and the search engine, built in the background after the copy (issue 29).
    const readyAt = await waitFor(
      'the offline index',
      () =>
        page.evaluate(() =>
          document.documentElement.dataset.offlineIndex === 'ready' ? performance.now() : null,
        ),
      60_000,
    ).catch(() => NaN);
    if (Number.isFinite(readyAt)) {
      const indexTasks = await longTasksSince(page, syncMs, readyAt);
      figure.indexReadyMs = Math.round(readyAt - syncMs);
      figure.indexLongestTaskMs = Math.round(Math.max(0, ...indexTasks.map((t) => t.duration)));
      log(
        `  offline index and search engine built ${figure.indexReadyMs} ms after the copy (seen within 50 ms), longest task meanwhile ${figure.indexLongestTaskMs} ms`,
      );
    } else log('  offline index: not marked ready within 60 s (a build from before issue 29?)');

    // Offline from here; the worker must control the page so the app's lazy chunks still load.
    await waitFor(
      'a controlling service worker',
      () => page.evaluate(() => navigator.serviceWorker.controller !== null),
      60_000,
    );
    await page.waitForTimeout(1000); // let the picture warm-up and other after-sync work settle
    await context.setOffline(true);
    const samples: number[] = [];
    for (let round = 0; round < REPEATS; round++)
      for (const [i, listing] of LISTINGS.entries()) {
        await timeListing(page, '/', [], []).catch(() => undefined); // back home (it has no listing grid)
        await page.waitForTimeout(300);
        const before = await page.evaluate(() => performance.now());
        const ms = await timeListing(page, listing.path, expected[i]!, listing.sidebar ? featured : []);
        const during = await longTasksSince(page, before);
        samples.push(ms);
        if (round > 0) continue; // the first round is the one listed (the first time each is asked)
        const row = {
          path: listing.path,
          ms: Math.round(ms),
          longestTaskMs: Math.round(Math.max(0, ...during.map((t) => t.duration))),
        };
        figure.listings.push(row);
        log(
          `  offline ${row.path.padEnd(38)} ${String(row.ms).padStart(5)} ms, longest task ${row.longestTaskMs} ms`,
        );
      }
    samples.sort((a, b) => a - b);
    figure.offlineListingMs = Math.round(samples[Math.ceil(samples.length * 0.95) - 1]!);
    log(`  offline listings and searches, p95 of ${samples.length}: ${figure.offlineListingMs} ms`);
    await page.goto(RELOAD_LISTING.path, { waitUntil: 'commit' });
    figure.offlineReloadMs = Math.round(
      await timeListing(page, null, expected[LISTINGS.indexOf(RELOAD_LISTING)]!, featured),
    );
    log(`  offline reload of ${RELOAD_LISTING.path} (a new session): ${figure.offlineReloadMs} ms`);
    await context.close();
    return figure;
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** A new shopper's first visit of `/` in a browser context of its own: navigation start -> the complete copy. */
async function firstVisitSyncMs(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto('/');
    return (await awaitCompleteCopy(page, "the first visit's catalogue copy")).syncMs;
  } finally {
    await context.close();
  }
}

/** The goal lines the lead's report prints next to the figures. */
export function offlineSyncGoals(f: OfflineSyncFigure): string[] {
  const ok = (b: boolean) => (b ? 'met' : 'NOT met');
  return [
    `sync of ${f.products} products in ${(f.syncMs / 1000).toFixed(2)} s (goal ≤ ${GOALS.syncMs / 1000} s): ${ok(f.syncMs <= GOALS.syncMs)}`,
    `longest task navigation -> full copy ${f.longestTaskMs} ms (goal ≤ ${GOALS.longestTaskMs} ms): ${ok(f.longestTaskMs <= GOALS.longestTaskMs)}`,
    `longest task while the offline index and engine are built ${f.indexLongestTaskMs} ms (goal ≤ ${GOALS.indexLongestTaskMs} ms): ${ok(f.indexLongestTaskMs <= GOALS.indexLongestTaskMs)}`,
    `offline listing and search p95 ${f.offlineListingMs} ms (goal ≤ ${GOALS.offlineListingMs} ms): ${ok(f.offlineListingMs <= GOALS.offlineListingMs)}`,
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = process.argv.find((a) => a.startsWith('--cpu-slowdown='));
  const cpuSlowdown = arg ? Number(arg.slice('--cpu-slowdown='.length)) : 1;
  const log = (line: string) => console.log(line);
  log(`Offline sync and offline listings in Chromium (${OFFLINE_SYNC_PRODUCTS} products):`);
  runOfflineSync(log, { cpuSlowdown }).then(
    (f) => {
      for (const line of offlineSyncGoals(f)) log(`  ${line}`);
      console.log(JSON.stringify(f));
      process.exit(0);
    },
    (e: unknown) => {
      console.error('offline-sync failed:', e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
