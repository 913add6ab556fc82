import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end journeys in Debian's Chromium against the REAL server (Koa + lowdb), not the mock.
 *
 * How it runs: Playwright's webServer builds the web app once (vite build -> dist/), then starts
 * `node --import tsx server/index.ts` on 127.0.0.1:3210 (E2E_PORT to change) with a fresh temporary
 * DATA_DIR, so every run starts from the seeded demo catalogue, and waits for GET /api/health.
 * Specs use relative URLs (page.goto('/products')); baseURL points at that server.
 *
 * Known accounts: the admin is ADMIN_EMAIL / ADMIN_PASSWORD below (exported to specs through the
 * same env vars); shoppers register themselves in their own browser context.
 *
 * Knobs: E2E_SKIP_BUILD=1 reuses an existing dist/ (npm test has just built it); E2E_PORT; CHROMIUM_PATH;
 * E2E_DIST_DIR and E2E_OUTPUT_DIR (another build folder and results folder, for parallel runs).
 * One worker: the journeys share one server and its data folder.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// The config is evaluated by the runner and again by each worker; the env var makes them agree on one folder.
const DATA_DIR = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'threadline-e2e-')));
process.env.ADMIN_EMAIL ??= 'admin@e2e.test';
process.env.ADMIN_PASSWORD ??= 'admin-e2e-pass';

// Parallel runs on one machine (several people or agents) each take their own build folder and results.
// Absolute: Vite's root is web/, so a relative --outDir would land in web/dist while the server reads ./dist.
const DIST = resolve(process.env.E2E_DIST_DIR ?? 'dist');
const build = process.env.E2E_SKIP_BUILD
  ? ''
  : `npx vite build --outDir ${DIST} --emptyOutDir && npx vite build --ssr src/entry-server.tsx --outDir ${DIST}/server && `;

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--no-sandbox',
      ],
    },
  },
  webServer: {
    command: `${build}node --import tsx server/index.ts`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      ADMIN_EMAIL: process.env.ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.ADMIN_PASSWORD,
      SEED_DEMO: 'true',
      DIST_DIR: DIST,
    },
  },
});
