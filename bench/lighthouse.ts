/**
 * Lighthouse 12.8 (its default mobile profile, simulated throttling) on /, /products and a product
 * page, median of 3 per category, against the real server with the demo store. The web app and its
 * server rendering are built into bench/data/dist (so the shared dist/ is left alone) and Debian's
 * Chromium runs headless. Load tests are over by then: nothing is pinned, Chromium may use both
 * cores, as a phone's browser would use its own. The median run's metrics (FCP, LCP, TBT, CLS, SI)
 * are kept to explain the scores.
 *
 * Each page is then measured once more, 3 times, with every script blocked (`blockedUrlPatterns`): the same
 * server-rendered HTML, stylesheets and pictures, painted by the browser alone. That is the floor this machine
 * and this Chromium set for the page (their own parse, style, font lookups and layout, counted at 4× CPU like
 * the app's work), printed beside the scores with the machine's Lighthouse benchmark index, so a score is read
 * against what the same machine gives a page that runs no code at all.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DATA_ROOT } from './generate';
import { buildServerRendering, buildWebApp, LOG_DIR, startOurs } from './servers';

export const LH_PAGES = ['/', '/products', '/product/1'] as const;
export const LH_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LhScores = Record<(typeof LH_CATEGORIES)[number], number>;
/** Issue 28's goals on each page: the scores at least these, LCP and CLS at most these. */
export const LH_GOALS = {
  scores: { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 } satisfies LhScores,
  lcpSeconds: 1.8,
  cls: 0.02,
} as const;
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;
export type LhMetrics = Record<keyof typeof METRICS, number>;
export interface LhPage {
  scores: LhScores;
  metrics: LhMetrics;
  /** The same page with every script blocked (median of 3): the browser's own share. */
  floor?: { performance: number; metrics: LhMetrics };
  /** Lighthouse's benchmark index of this machine during the page's runs (median). */
  benchmarkIndex?: number;
}

export const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function runLighthouse(
  port: number,
  log: (line: string) => void,
): Promise<Record<string, LhPage>> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install chromium)`);
  const dist = join(DATA_ROOT, 'dist');
  log('  building the web app and its server rendering into bench/data/dist ...');
  buildWebApp(dist);
  // The shop's pages are rendered on the server (issue 28): measured as a shopper gets them, not the bare shell.
  buildServerRendering(dist);
  // Kept between runs: the demo pictures are rendered once (a later start only checks them).
  const dataDir = join(DATA_ROOT, 'lighthouse-store');
  execFileSync('taskset', ['-a', '-p', '-c', '0-1', String(process.pid)], { stdio: 'ignore' });
  const server = await startOurs(dataDir, port, { SEED_DEMO: 'true', DIST_DIR: dist }, false);
  const imagesReady = waitForDemoImages(port);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const out: Record<string, LhPage> = {};
  try {
    await imagesReady;
    for (const page of LH_PAGES) {
      const res = await fetch(`${server.url}${page}`);
      if (res.status !== 200 || !(await res.text()).includes('id="ssr-data"'))
        throw new Error(`${page} is not server-rendered (${res.status}): is the build complete?`);
      const runs: Array<LhPage & { benchmarkIndex: number }> = [];
      for (let i = 0; i < 3; i++) runs.push(await audit(`${server.url}${page}`, chrome.port, LH_CATEGORIES));
      const scores = Object.fromEntries(
        LH_CATEGORIES.map((c) => [c, median(runs.map((s) => s.scores[c]))]),
      ) as LhScores;
      const bare: LhPage[] = [];
      for (let i = 0; i < 3; i++)
        bare.push(await audit(`${server.url}${page}`, chrome.port, ['performance'], ['*.js']));
      out[page] = {
        scores,
        metrics: medianRun(runs).metrics,
        floor: {
          performance: median(bare.map((b) => b.scores.performance)),
          metrics: medianRun(bare).metrics,
        },
        benchmarkIndex: Math.round(median(runs.map((r) => r.benchmarkIndex))),
      };
      log(lighthouseLine(page, out[page]));
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  return out;
}

/** One Lighthouse run of `url` (mobile, simulated throttling); `blocked` URL patterns are never fetched. */
async function audit(
  url: string,
  port: number,
  categories: readonly (typeof LH_CATEGORIES)[number][],
  blocked: string[] = [],
): Promise<LhPage & { benchmarkIndex: number }> {
  const r = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    ...(blocked.length ? { blockedUrlPatterns: blocked } : {}),
  });
  const cats = r?.lhr.categories ?? {};
  const audits = r?.lhr.audits ?? {};
  return {
    scores: Object.fromEntries(
      LH_CATEGORIES.map((c) => [c, Math.round((cats[c]?.score ?? 0) * 100)]),
    ) as LhScores,
    metrics: Object.fromEntries(
      Object.entries(METRICS).map(([k, id]) => [k, audits[id]?.numericValue ?? NaN]),
    ) as LhMetrics,
    benchmarkIndex: r?.lhr.environment.benchmarkIndex ?? NaN,
  };
}

/** The run whose performance score is the median one (of 3). */
const medianRun = <T extends LhPage>(runs: T[]): T =>
  [...runs].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(runs.length / 2)]!;

/** One page's scores and metrics, each beside its goal (a `!` marks a missed one), and its floor without scripts. */
export function lighthouseLine(page: string, { scores, metrics: m, floor, benchmarkIndex }: LhPage): string {
  const mark = (ok: boolean) => (ok ? '' : '!');
  const cats = LH_CATEGORIES.map(
    (c) => `${c} ${scores[c]}${mark(scores[c] >= LH_GOALS.scores[c])} (>= ${LH_GOALS.scores[c]})`,
  );
  const lcp = m.lcp / 1000;
  return (
    `  ${page.padEnd(11)} ${cats.join('  ')}
` +
    `  ${''.padEnd(11)} LCP ${lcp.toFixed(2)} s${mark(lcp <= LH_GOALS.lcpSeconds)} (<= ${LH_GOALS.lcpSeconds})  CLS ${m.cls.toFixed(3)}${mark(m.cls <= LH_GOALS.cls)} (<= ${LH_GOALS.cls})  FCP ${(m.fcp / 1000).toFixed(2)} s  TBT ${m.tbt.toFixed(0)} ms  SI ${(m.si / 1000).toFixed(2)} s` +
    (floor
      ? `\n  ${''.padEnd(11)} with no script (this machine's floor): performance ${floor.performance}  FCP ${(floor.metrics.fcp / 1000).toFixed(2)} s  LCP ${(floor.metrics.lcp / 1000).toFixed(2)} s  TBT ${floor.metrics.tbt.toFixed(0)} ms  (benchmark index ${benchmarkIndex ?? '?'})`
      : '')
  );
}

/**
 * The server writes the demo pictures after it starts listening; pages are measured with them in place. Its log
 * says when: the log goes to a file (bench/servers.ts, `startOurs`), read here as it grows.
 */
async function waitForDemoImages(port: number): Promise<void> {
  const logFile = join(LOG_DIR, `ours-${port}.log`);
  const until = Date.now() + 300_000;
  while (Date.now() < until) {
    const seen = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    if (/Demo images are ready|Could not write the demo images/.test(seen)) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error('demo images were not ready after 5 minutes');
}
