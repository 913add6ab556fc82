import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  createReadStream,
  existsSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, normalize, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './pwa.config';
import { storeConfigSchema } from './contract/schemas/store-config';
import {
  SCREEN_CSS_TABLE,
  SCREENS,
  screenParts,
  type Manifest,
  type ScreenCssTable,
  type ScreenKind,
} from './server/http/pages/screen-manifest';

/** Store details come from one file; STORE_CURRENCY overrides the currency at build time. */
function loadStoreConfig() {
  const raw = JSON.parse(readFileSync(new URL('./fixtures/store.json', import.meta.url), 'utf8')) as unknown;
  const config = storeConfigSchema.parse(raw);
  return { ...config, currency: process.env.STORE_CURRENCY ?? config.currency };
}

/**
 * Where the demo lives on its host: DEMO_BASE (default `/`), e.g. `/threadline/` for a project page. Always with a
 * leading and a trailing slash; a path on the demo's own origin (MSW's worker must be same-origin).
 */
function demoBase(): string {
  const raw = process.env.DEMO_BASE?.trim() || '/';
  if (/^[a-z][a-z\d+.-]*:|^\./i.test(raw))
    throw new Error(`DEMO_BASE must be a path such as /threadline/, not ${raw}`);
  const path = raw.replace(/^\/+|\/+$/g, '');
  return path ? `/${path}/` : '/';
}

/**
 * Each server-rendered screen's stylesheets joined into one file (issue 28, server/http/pages/screen-assets.ts):
 * on a phone's connection each stylesheet in the head is a request the first paint waits for, and a screen with
 * the shell's parts has half a dozen small ones. Written after the bundle, from Vite's manifest, with a table of
 * what each file joins (SCREEN_CSS_TABLE), in the order the page linked them.
 */
function screenStylesheets(): Plugin {
  let outDir = '';
  return {
    name: 'threadline-screen-css',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const table: ScreenCssTable = {};
      for (const kind of Object.keys(SCREENS) as ScreenKind[]) {
        const { css } = screenParts(manifest, kind);
        if (css.length < 2) continue;
        const text = css.map((c) => readFileSync(join(outDir, c), 'utf8')).join('\n');
        const hash = createHash('sha256').update(text).digest('base64url').slice(0, 10);
        const file = `assets/screen-${kind}-${hash}.css`;
        writeFileSync(join(outDir, file), text);
        table[kind] = { file, parts: css };
      }
      writeFileSync(join(outDir, SCREEN_CSS_TABLE), JSON.stringify(table));
    },
  };
}

/**
 * Demo mode has no server. `npm run demo`: Vite serves the generated demo pictures at <base>uploads/demo/
 * (npm run demo writes them first). `npm run build:demo`: a static site in dist-demo/, so the pictures are copied
 * beside the app, and index.html also becomes 404.html for hosts (GitHub Pages) that answer an unknown path with it,
 * which makes deep links and reloads work there. The data says /uploads/demo/…: under a sub-path MSW finds them
 * at <base>uploads/demo/… (mock-api/demo-pictures.ts).
 */
function demoImages(): Plugin {
  const dir = new URL('./fixtures/generated/uploads/demo/', import.meta.url).pathname;
  let outDir = '';
  return {
    name: 'threadline-demo-images',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use(`${server.config.base}uploads/demo`, (req, res, next) => {
        const file = normalize(join(dir, decodeURIComponent((req.url ?? '').split('?')[0] ?? '')));
        if (!file.startsWith(dir) || !existsSync(file)) return next();
        res.setHeader('Content-Type', 'image/webp');
        createReadStream(file).pipe(res);
      });
    },
    writeBundle() {
      if (!existsSync(dir) || !readdirSync(dir).some((name) => name.endsWith('.webp')))
        this.error(`No demo pictures in ${dir}: run \`npm run build:demo\`, which makes them first.`);
      cpSync(dir, join(outDir, 'uploads/demo'), {
        recursive: true,
        filter: (src) => !basename(src).startsWith('.'), // not the generator's manifest
      });
      copyFileSync(join(outDir, 'index.html'), join(outDir, '404.html'));
    },
  };
}

const API_PORT = Number(process.env.API_PORT ?? 3001);

/** The version shown in the footer; APP_VERSION overrides it (the deploy test builds two versions). */
const APP_VERSION =
  process.env.APP_VERSION ??
  (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string })
    .version;

/** Chunks made only of admin code are named admin-*: the service worker skips them and the budget checks them. */
function chunkFileName(chunk: { name: string; moduleIds: readonly string[] }): string {
  const admin =
    chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => id.includes('/web/src/features/admin/'));
  return admin && !chunk.name.startsWith('admin')
    ? `assets/admin-${chunk.name}-[hash].js`
    : 'assets/[name]-[hash].js';
}

/**
 * The server speaks HTTP/1.1, so a phone fetches at most six files at a time from it and every further wave
 * costs a round trip on a slow network. Left to itself the bundler cuts a chunk for every set of lazy screens
 * that share a module: a dozen small files in the first load, seven behind each shop screen, eight for the
 * schemas. So: everything the entry loads statically is one chunk (the first load); the pieces the shop's
 * screens share (cards, pictures, queries) are one; zod with the contract's schemas is one; Dexie with the
 * database modules is one. Lazy stays lazy: no group takes a module into a load that did not need it before,
 * apart from the shop pieces, a few kB that every shop screen fetches anyway. Admin modules match no group.
 */
const CHUNK_GROUPS = [
  { name: 'app', tags: ['$initial' as const], priority: 10 },
  {
    name: 'shop-parts',
    test: /web[\\/]src[\\/](components[\\/](page-meta|product-card|product-image|spinner|quantity-stepper|card-skeleton|pagination)|lib[\\/](use-query|responsive-image|idle)|features[\\/]catalog[\\/]api[\\/])/,
    priority: 5,
  },
  {
    // The shell's lazy parts that every rendered shop page preloads (the phone's search and menu, the drawer and
    // the dialog behind them, the "could not load" notice, the hero's default slides): one file, not six, in the
    // waves a phone fetches before its first paint. Admin screens that open a dialog fetch it too (a few kB).
    name: 'shell-parts',
    test: /web[\\/]src[\\/](app[\\/]shell[\\/](mobile-menu|phone-search)|components[\\/](drawer|use-dialog|use-focus-trap|load-failed)|features[\\/]catalog[\\/]components[\\/]default-slides)/,
    priority: 5,
  },
  {
    // The contract's zod-free values the shop's pages read (the cart's limits, the filters' key and sorts, the text
    // pattern): a group of their own, else the schemas' group takes them and every rendered page would load zod
    // and the schemas to read a number (issue 28; scripts/bundle-budget.ts fails the build if one does).
    name: 'contract-values',
    test: /contract[\\/](limits|rules[\\/](filter-values|text-patterns|sorts))\.ts/,
    priority: 7,
  },
  {
    // zod apart from the schemas: api-client.ts evaluates it first and the schemas in a later task.
    name: 'zod',
    test: /node_modules[\\/]zod[\\/]|web[\\/]src[\\/]lib[\\/]zod-(jitless|warm)/,
    priority: 6,
  },
  {
    // The schema modules apart from the endpoint table built on them, in two halves (schemas-warm-a.ts and -b.ts),
    // each evaluated in a task of its own. The first half is listed first, so the modules both use land in it.
    name: 'contract-schemas-a',
    test: /contract[\\/]schemas[\\/](category|stock|product|search|countries)\.ts|web[\\/]src[\\/]lib[\\/]schemas-warm-a/,
    priority: 6,
  },
  {
    name: 'contract-schemas-b',
    test: /contract[\\/]schemas[\\/]|web[\\/]src[\\/]lib[\\/]schemas-warm-b/,
    priority: 6,
  },
  {
    name: 'api-schemas',
    test: /contract[\\/](schemas[\\/]|endpoints|rules[\\/]catalog-query)|web[\\/]src[\\/]lib[\\/]api-schemas/,
    priority: 5,
  },
  {
    // The sign-in screens and their parts (issue 26 added two): one file for the four, not a dozen names in the
    // first load's preload table; a visitor on one of them is likely to need the next.
    name: 'account-screens',
    test: /web[\\/]src[\\/]features[\\/]account[\\/](api[\\/](account-api|forgot-password|reset-password)|components[\\/](auth-card|password-field|login-page|register-page|forgot-password-page|reset-password-page|recovery-notice)|use-auth-form|use-form-fields|use-recovery-form|register-form|reset-form|after-auth|field-errors|check-form)/,
    priority: 5,
  },
  {
    name: 'local-db',
    test: /node_modules[\\/]dexie[\\/]|web[\\/]src[\\/]lib[\\/](db|swappable)\.ts/,
    priority: 5,
  },
];

export default defineConfig(({ mode, isSsrBuild }) => ({
  root: 'web',
  // The demo can be built for a sub-path of its host (DEMO_BASE); the shop itself is always served at /.
  base: mode === 'demo' ? demoBase() : '/',
  publicDir: isSsrBuild ? false : '../public',
  envDir: '..',
  define: {
    __STORE_CONFIG__: JSON.stringify(loadStoreConfig()),
    __DEMO__: JSON.stringify(mode === 'demo'),
    __COUNTRIES_BASE__: JSON.stringify(process.env.COUNTRIES_BASE_URL ?? ''),
    __APP_VERSION__: JSON.stringify(APP_VERSION),
  },
  // The server's CSP has no 'unsafe-eval': every `zod` in the bundle is the jitless one (web/src/lib/zod-jitless.ts).
  resolve: {
    tsconfigPaths: true, // the #contract/, #server/, #web/ … aliases of tsconfig.json
    alias: [
      { find: /^zod$/, replacement: new URL('./web/src/lib/zod-jitless.ts', import.meta.url).pathname },
    ],
  },
  // Demo mode has MSW's worker on the same scope: no PWA service worker there (issue 6).
  plugins: [
    react(),
    ...(mode === 'demo' ? [demoImages()] : isSsrBuild ? [] : [VitePWA(pwaOptions), screenStylesheets()]),
  ],
  // The catalogue copy's worker (web/src/lib/catalogue-sync.worker.ts) loads the contract's schemas lazily:
  // a module worker, split like the app.
  worker: { format: 'es' as const },
  build: {
    // The server's rendering (issue 28, web/src/entry-server.tsx) goes beside the app it renders, in dist/server/.
    outDir: mode === 'demo' ? '../dist-demo' : isSsrBuild ? '../dist/server' : '../dist',
    emptyOutDir: true,
    sourcemap: false,
    // A browser without <link rel="modulepreload"> (Safari before 17, Firefox before 115) still loads every chunk,
    // only without the head start; the polyfill would cost every visitor first-load bytes for those few.
    modulePreload: { polyfill: false },
    // The server links a rendered screen's CSS and chunks from it (server/http/pages/screen-assets.ts).
    manifest: !isSsrBuild,
    // The server's rendering is one file: reloaded whole (a new import URL) when a build replaces it.
    rollupOptions: isSsrBuild
      ? { output: { codeSplitting: false } }
      : { output: { chunkFileNames: chunkFileName, codeSplitting: { groups: CHUNK_GROUPS } } },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy:
      mode === 'demo'
        ? undefined
        : { '/api': `http://127.0.0.1:${API_PORT}`, '/uploads': `http://127.0.0.1:${API_PORT}` },
  },
  preview: { port: 3002, strictPort: true },
}));
