/**
 * Lighthouse 12.8 (its default mobile profile, simulated throttling) on /, /products and a product
 * page, median of 3 per category, against the real server with the demo store. The web app is built
 * into bench/data/dist (so the shared dist/ is left alone) and Debian's Chromium runs headless.
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DATA_ROOT } from './generate';
import { ROOT, startOurs } from './servers';

export const LH_PAGES = ['/', '/products', '/product/1'] as const;
export const LH_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LhScores = Record<(typeof LH_CATEGORIES)[number], number>;

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
): Promise<Record<string, LhScores>> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install chromium)`);
  const dist = join(DATA_ROOT, 'dist');
  log('  building the web app into bench/data/dist ...');
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--outDir',
      dist,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  // Kept between runs: the demo pictures are rendered once (a later start only checks them).
  const dataDir = join(DATA_ROOT, 'lighthouse-store');
  const server = await startOurs(dataDir, port, { SEED_DEMO: 'true', DIST_DIR: dist });
  const imagesReady = waitForDemoImages(server.child);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const out: Record<string, LhScores> = {};
  try {
    await imagesReady;
    for (const page of LH_PAGES) {
      const runs: LhScores[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await lighthouse(`${server.url}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...LH_CATEGORIES],
        });
        const cats = r?.lhr.categories ?? {};
        runs.push(
          Object.fromEntries(
            LH_CATEGORIES.map((c) => [c, Math.round((cats[c]?.score ?? 0) * 100)]),
          ) as LhScores,
        );
      }
      out[page] = Object.fromEntries(
        LH_CATEGORIES.map((c) => [c, median(runs.map((s) => s[c]))]),
      ) as LhScores;
      log(`  ${page.padEnd(11)} ${LH_CATEGORIES.map((c) => `${c} ${out[page]![c]}`).join('  ')}`);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  return out;
}

/** The server writes the demo pictures after it starts listening; pages are measured with them in place. */
function waitForDemoImages(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('demo images were not ready after 5 minutes')), 300_000);
    let seen = '';
    const onData = (d: Buffer) => {
      seen += d.toString();
      if (/Demo images are ready|Could not write the demo images/.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  });
}
