/**
 * The shop pages rendered on the server (issue 28) on the real backend (tiny seed) and the real Koa app, with
 * the app's own server entry (web/src/entry-server.tsx, loaded from source here as the SSR build would run it):
 * the product's title, price and description inside #root, the JSON island equal to the core's answers, and
 * the cart badge filled per request from the visitor's own `cart` cookie, never kept in the page cache.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectivePrice } from '#contract/rules/money';
import type { Product } from '#contract/schemas/product';
import type { Backend } from '#server/boot';
import { createApp } from '#server/http/app';
import { openTestBackend } from '#server/test/test-server';
import { money } from '#web/lib/store-config';
import { pageSourceOf } from './page-source';
import { TEST_SITE, testShell } from './test-site';
import type { SsrModule } from './ssr-render';

let backend: Backend;
let server: Server;
let base: string;
let dir: string;
let renders = 0;

const get = (path: string, init: RequestInit = {}) =>
  fetch(`${base}${path}`, { redirect: 'manual', ...init });

/** #root's inner HTML and the JSON island of a page. */
function partsOf(html: string): { root: string; island: Record<string, unknown> } {
  const start = html.indexOf('<div id="root">');
  const islandAt = html.indexOf('<script type="application/json" id="ssr-data">');
  expect(start).toBeGreaterThan(0);
  expect(islandAt).toBeGreaterThan(start);
  const root = html.slice(start + '<div id="root">'.length, html.lastIndexOf('</div>', islandAt));
  const json = html
    .slice(islandAt)
    .replace(/^<script[^>]*>/, '')
    .split('</script>')[0]!;
  return { root, island: JSON.parse(json) as Record<string, unknown> };
}

const cartCookie = (qty: number, price = 10) =>
  `cart=${encodeURIComponent(
    JSON.stringify({
      lines: [{ productId: 1, title: 'A', price, image: null, qty, selectedSize: 'M', selectedColor: 'Red' }],
      shippingCost: 0,
    }),
  )}`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'threadline-ssr-'));
  const dist = join(dir, 'dist');
  await mkdir(dist, { recursive: true });
  await writeFile(join(dist, 'index.html'), testShell('abc'));
  backend = await openTestBackend({ dataDir: join(dir, 'data'), currency: 'EUR' });
  const entry = (await import('#web/entry-server')) as SsrModule;
  const counted: SsrModule = {
    ...entry,
    renderApp: (url, port) => {
      renders += 1;
      return entry.renderApp(url, port);
    },
  };
  const app = createApp({
    api: backend.api,
    uploadsDir: backend.uploadsDir,
    distDir: dist,
    log: () => undefined,
    pages: {
      source: pageSourceOf(backend.core),
      site: TEST_SITE,
      ssr: async () => ({ stamp: 'test', module: counted }),
    },
  });
  server = createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await backend.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a server-rendered product page', () => {
  it("holds the product's title, price and description inside #root, and the island is the core's answer", async () => {
    const product = backend.core.products.get(1) as Product;
    const res = await get('/product/1');
    expect(res.status).toBe(200);
    const { root, island } = partsOf(await res.text());
    expect(root).toContain(`<h1`);
    expect(root).toContain(product.title.replace(/&/g, '&amp;'));
    // The price as the shop shows it (the store's currency, web/src/lib/store-config.ts).
    expect(root).toContain(`>${money(effectivePrice(product))}<`);
    const description = product.description
      .replace(/<[^>]*>/g, ' ')
      .trim()
      .split(/\s+/)
      .slice(0, 4)
      .join(' ');
    expect(description.length).toBeGreaterThan(5);
    expect(root.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ')).toContain(description);
    const queries = island.queries as Record<string, unknown>;
    expect(queries['["getProduct",1]']).toEqual(JSON.parse(JSON.stringify(product)));
    expect(island.categories).toEqual(JSON.parse(JSON.stringify(backend.core.categories.list())));
    // No inline script (the CSP's script-src 'self'): the island is data, and no streaming scripts.
    expect(root).not.toMatch(/<script(?![^>]*type="application\/(json|ld\+json)")/);
  });

  it('keeps `</script>` in the data from closing the island', async () => {
    const { island } = partsOf(await (await get('/products?name=%3C%2Fscript%3E')).text());
    const hash = Object.keys(island.queries as object)[0] ?? '';
    expect(hash).toContain('</script>');
  });

  it("fills the cart badge from each visitor's own cookie, outside the page cache", async () => {
    const before = renders;
    const anonymous = await (await get('/product/2')).text();
    const three = await (await get('/product/2', { headers: { cookie: cartCookie(3) } })).text();
    const five = await get('/product/2', { headers: { cookie: cartCookie(5) } });
    const fiveHtml = await five.text();
    const again = await (await get('/product/2')).text();
    // One rendering for all four visitors: the page came from the cache each time after the first.
    expect(renders - before).toBe(1);
    expect(anonymous).not.toContain('data-testid="cart-badge"');
    expect(three).toMatch(/data-testid="cart-badge">3<span class="[^"]*">\s*items<\/span>/);
    expect(fiveHtml).toMatch(/data-testid="cart-badge">5</);
    expect(fiveHtml).not.toMatch(/data-testid="cart-badge">3</);
    expect(again).toBe(anonymous);
    expect(again).not.toContain('%%tl-cart');
    // Another cart is another answer: its ETag differs, so no cache revalidates one into the other.
    const anonTag = (await get('/product/2')).headers.get('etag');
    expect(five.headers.get('etag')).not.toBe(anonTag);
    const revalidated = await get('/product/2', {
      headers: { cookie: cartCookie(5), 'if-none-match': anonTag ?? '' },
    });
    expect(revalidated.status).toBe(200);
  });

  it('answers a corrupt cart cookie as an empty cart', async () => {
    const html = await (await get('/product/1', { headers: { cookie: 'cart=%7Bnot-json' } })).text();
    expect(html).not.toContain('data-testid="cart-badge"');
    expect(html).not.toContain('%%tl-cart');
  });
});
