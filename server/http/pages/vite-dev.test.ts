/**
 * `npm run dev`'s server rendering (vite-dev.ts), wired as server/index.ts wires it with DEV_SERVER: the real
 * backend (tiny seed), the real Koa app and page routes, and Vite in middleware mode in front of them.
 * - On the project itself: /product/1 is rendered from source (the product's title inside #root) in a page
 *   that carries Vite's client with the CSP's nonce; Vite serves the modules, Koa the API, the other screens
 *   the client-rendered shell, an unknown path the redirect to /.
 * - On a small project of its own (a temporary folder, so no file of the app is ever touched): a module the
 *   rendering imports is edited, and the next load of the page is rendered by the new code (the page cache
 *   drops what the old code rendered).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeConfigSchema } from '#contract/schemas/store-config';
import type { Backend } from '#server/boot';
import { createApp } from '#server/http/app';
import { createLimitedServer } from '#server/http/server-settings';
import { openTestBackend } from '#server/test/test-server';
import { pageSourceOf } from './page-source';
import { createViteDev, koaOwns, type ViteDev } from './vite-dev';

/** The shop's own settings (fixtures/store.json), as server/index.ts reads them. */
const SITE = {
  publicUrl: 'https://shop.example',
  currency: 'EUR',
  store: storeConfigSchema.parse(
    JSON.parse(readFileSync(new URL('../../../fixtures/store.json', import.meta.url), 'utf8')),
  ),
};

interface Running {
  base: string;
  backend: Backend;
  stop(): Promise<void>;
}

/** server/index.ts's dev wiring, on a port of the system's choosing. */
async function startDev(dir: string, dev: ViteDev): Promise<Running> {
  const backend = await openTestBackend({ dataDir: join(dir, 'data'), currency: 'EUR' });
  const app = createApp({
    api: backend.api,
    uploadsDir: backend.uploadsDir,
    distDir: join(dir, 'dist'),
    log: () => undefined,
    pages: { source: pageSourceOf(backend.core), site: SITE, ...dev.pages },
    dev,
  });
  const server: Server = createLimitedServer(dev.handler(app.callback()));
  await dev.start(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    backend,
    async stop() {
      await dev.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await backend.close();
    },
  };
}

/**
 * Removes a test's folder. Vite's dependency optimizer may still be writing its cache into it for a moment after
 * close (rm then fails with ENOTEMPTY as a file appears mid-removal: a CI run failed so): tried again for up to
 * 10 s; a folder still busy after that is left in the system's temporary folder rather than failing the suite.
 */
async function removeWhenQuiet(dir: string): Promise<void> {
  for (let i = 0; i < 10 && existsSync(dir); i += 1) {
    try {
      await rm(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
    } catch {
      // Still being written: wait and try again.
    }
    if (existsSync(dir)) await new Promise((r) => setTimeout(r, 1000));
  }
}

describe('koaOwns', () => {
  it('gives Koa the API, uploads, pages, sitemaps and robots.txt, and Vite the rest', () => {
    for (const path of [
      '/api/products',
      '/uploads/a.webp',
      '/',
      '/products',
      '/product/1',
      '/cart',
      '/robots.txt',
    ])
      expect(koaOwns(path), path).toBe(true);
    for (const path of ['/sitemap.xml', '/sitemap-products-1.xml', '/metrics'])
      expect(koaOwns(path), path).toBe(true);
    for (const path of [
      '/src/main.tsx',
      '/@vite/client',
      '/favicon.svg',
      '/nowhere',
      '/node_modules/.vite/deps/react.js',
    ])
      expect(koaOwns(path), path).toBe(false);
  });
});

describe('npm run dev on the project', () => {
  let dir: string;
  let running: Running;
  let dev: ViteDev;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'threadline-vite-dev-'));
    dev = createViteDev({ cacheDir: join(dir, 'vite-cache') });
    running = await startDev(dir, dev);
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
    await removeWhenQuiet(dir);
  });

  it("renders /product/1 from source, with the product's title inside #root and Vite's client under the CSP's nonce", async () => {
    const title = running.backend.core.products.get(1).title;
    const res = await fetch(`${running.base}/product/1`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`script-src 'self' 'nonce-${dev.nonce}'`);
    const html = await res.text();
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="ssr-data"'));
    expect(root).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(html).toContain(`<script type="module" src="/@vite/client" nonce="${dev.nonce}">`);
    expect(html).toContain(`<title>${title} | Threadline</title>`);
  }, 240_000);

  it('lets Vite serve the modules and Koa the API, the client screens and unknown paths', async () => {
    const main = await fetch(`${running.base}/src/main.tsx`);
    expect(main.status).toBe(200);
    expect(main.headers.get('content-type')).toMatch(/javascript/);
    expect(await main.text()).toContain('hydrateRoot');
    const api = await fetch(`${running.base}/api/products/1`);
    expect(api.status).toBe(200);
    expect(((await api.json()) as { id: number }).id).toBe(1);
    const cart = await (await fetch(`${running.base}/cart`)).text();
    expect(cart).toContain('<div id="root"></div>');
    expect(cart).toContain('/@vite/client');
    const unknown = await fetch(`${running.base}/nowhere`, { redirect: 'manual' });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get('location')).toBe('/');
  }, 60_000);
});

/** A project of three files: the template, an entry that renders a module's text, and that module. */
const ENTRY = `import { heading } from './heading';
export const CART_MARKS = { badge: '<!--badge-->', total: '<!--total-->' };
export const cartSlots = () => ({ badge: '', total: '0' });
export async function renderApp(url: string) {
  return { html: '<h1>' + heading + '</h1><p>' + url + '</p>', payload: { url, queries: {}, categories: [] } };
}
`;

describe('npm run dev after an edit', () => {
  let dir: string;
  let running: Running;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'threadline-vite-edit-'));
    await mkdir(join(dir, 'web', 'src'), { recursive: true });
    await writeFile(join(dir, 'vite.config.ts'), 'export default {};\n');
    await writeFile(
      join(dir, 'web', 'index.html'),
      '<!doctype html><html><head><title>T</title></head><body><div id="root"></div></body></html>\n',
    );
    await writeFile(join(dir, 'web', 'src', 'entry-server.tsx'), ENTRY);
    await writeFile(join(dir, 'web', 'src', 'heading.ts'), "export const heading = 'First words';\n");
    running = await startDev(dir, createViteDev({ root: dir }));
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
    await removeWhenQuiet(dir);
  });

  it('renders the next page load with the edited module', async () => {
    const page = () => fetch(`${running.base}/product/1`).then((r) => r.text());
    expect(await page()).toContain('<h1>First words</h1>');
    expect(await page()).toContain('<h1>First words</h1>'); // now from the page cache
    await writeFile(join(dir, 'web', 'src', 'heading.ts'), "export const heading = 'Edited words';\n");
    let html = '';
    for (let i = 0; i < 100 && !html.includes('Edited words'); i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      html = await page();
    }
    expect(html).toContain('<h1>Edited words</h1>');
    expect(html).not.toContain('First words');
  }, 60_000);
});
