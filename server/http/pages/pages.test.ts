// @vitest-environment jsdom
/**
 * The crawler-facing pages (issue 28) on the real backend (tiny seed, lowdb in a temp folder) and the
 * real Koa app, through HTTP: heads, escaping, canonical from PUBLIC_URL whatever the Host header, 404,
 * redirect, HEAD, caching and its invalidation, the sitemap and robots.txt.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '#server/boot';
import { createApp } from '#server/http/app';
import { openTestBackend, TEST_ADMIN } from '#server/test/test-server';
import { pageSourceOf } from './page-source';

const PUBLIC_URL = 'https://shop.example';
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The shell's own description." />
    <title>Threadline</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let backend: Backend;
let server: Server;
let base: string;
let dir: string;
let token: string;

async function api(
  name: Parameters<Backend['api']['handle']>[0],
  params: Record<string, string>,
  body?: unknown,
) {
  const reply = await backend.api.handle(name, { params, token, readBody: async () => body });
  return reply.body as Record<string, unknown>;
}

const get = (path: string, init: RequestInit = {}) =>
  fetch(`${base}${path}`, { redirect: 'manual', ...init });

async function dom(path: string, init?: RequestInit) {
  const res = await get(path, init);
  const html = await res.text();
  return { res, html, doc: new DOMParser().parseFromString(html, 'text/html') };
}

const metaOf = (doc: Document, attr: 'name' | 'property', key: string) =>
  doc.querySelector(`meta[${attr}="${key}"]`)?.getAttribute('content') ?? undefined;

const jsonLd = (doc: Document): Array<Record<string, unknown>> =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
  );
const ldOf = (doc: Document, type: string) => jsonLd(doc).find((x) => x['@type'] === type);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'threadline-pages-'));
  const dist = join(dir, 'dist');
  await mkdir(dist, { recursive: true });
  await writeFile(join(dist, 'index.html'), SHELL);
  backend = await openTestBackend({ dataDir: join(dir, 'data'), currency: 'EUR' });
  const app = createApp({
    api: backend.api,
    uploadsDir: backend.uploadsDir,
    distDir: dist,
    log: () => undefined,
    pages: {
      source: pageSourceOf(backend.core),
      site: {
        publicUrl: PUBLIC_URL,
        currency: 'EUR',
        store: {
          name: 'Threadline',
          tagline: 'Clothing',
          about: 'About us',
          email: 'a@b.example',
          phones: ['1'],
          social: [],
        },
      },
      sitemapPageSize: 2,
    },
  });
  server = createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const login = await backend.api.handle('login', { readBody: async () => TEST_ADMIN });
  token = (login.body as { token: string }).token;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await backend.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a product page', () => {
  it('carries the title, description, canonical, Open Graph and a Product with its offer', async () => {
    const { res, doc, html } = await dom('/product/1', { headers: { Host: 'evil.example' } });
    expect(res.status).toBe(200);
    expect(doc.title).toBe('Classic Cotton Tee | Threadline');
    expect(doc.querySelectorAll('title')).toHaveLength(1);
    expect(doc.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(metaOf(doc, 'name', 'description')).toBe('Classic Cotton Tee, made to last.');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${PUBLIC_URL}/product/1`);
    expect(html).not.toContain('evil.example');
    expect(metaOf(doc, 'property', 'og:type')).toBe('product');
    expect(metaOf(doc, 'property', 'og:url')).toBe(`${PUBLIC_URL}/product/1`);
    expect(metaOf(doc, 'property', 'og:image')).toBe(`${PUBLIC_URL}/uploads/demo/product-1-og.jpg`);
    expect(metaOf(doc, 'property', 'og:image:width')).toBe('1200');
    expect(metaOf(doc, 'property', 'og:image:height')).toBe('630');
    expect(metaOf(doc, 'property', 'og:image:alt')).toBe('Classic Cotton Tee');
    expect(metaOf(doc, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(doc, 'name', 'robots')).toBeUndefined();
    // Google's required Product fields.
    const product = ldOf(doc, 'Product') as { name: string; image: string[]; offers: Record<string, string> };
    expect(product.name).toBe('Classic Cotton Tee');
    expect(product.image[0]).toBe(`${PUBLIC_URL}/uploads/demo/product-1.webp`);
    expect(product.offers).toMatchObject({
      price: '19.99',
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
    });
    const crumbs = ldOf(doc, 'BreadcrumbList') as { itemListElement: Array<{ name: string; item: string }> };
    expect(crumbs.itemListElement.map((c) => c.name)).toEqual([
      'Threadline',
      'T-Shirts',
      'Classic Cotton Tee',
    ]);
    // The previewers' summary sits outside #root, which stays empty for the client's first render.
    expect(doc.getElementById('root')?.innerHTML).toBe('');
    const summary = doc.querySelector('noscript')?.innerHTML ?? '';
    expect(summary).toContain('Classic Cotton Tee');
    expect(summary).toContain('EUR 19.99');
    expect(summary).toContain('/uploads/demo/product-1.webp');
    // The shell's scripts are kept as built, and nothing inline is added.
    expect(doc.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/assets/index-abc.js');
    const inline = [...doc.querySelectorAll('script:not([src])')].filter(
      (s) => s.getAttribute('type') !== 'application/ld+json',
    );
    expect(inline).toHaveLength(0);
  });

  it('escapes a title that tries to close the script or an attribute', async () => {
    const evil = `Tee </script><script>alert("x")</script> "quoted" & 'single'`;
    const created = await api(
      'createProduct',
      {},
      { title: evil, regular_price: 10, description: '<p>Plain</p>' },
    );
    const { doc, html } = await dom(`/product/${String(created.id)}`);
    expect(html).not.toContain('<script>alert');
    expect(doc.title).toBe(`${evil} | Threadline`);
    expect(metaOf(doc, 'property', 'og:title')).toBe(`${evil} | Threadline`);
    expect((ldOf(doc, 'Product') as { name: string }).name).toBe(evil);
    expect(doc.querySelectorAll('script:not([type="application/ld+json"]):not([src])')).toHaveLength(0);
    await api('deleteProduct', { id: String(created.id) });
  });

  it('follows the stock: LimitedAvailability when few are left, OutOfStock when none', async () => {
    const form = {
      title: 'Slim Fit Jeans',
      regular_price: 60,
      category: 2,
      sizes: ['30', '32', '34'],
      colors: ['#223355'],
    };
    await api(
      'updateProduct',
      { id: '2' },
      { ...form, inventory: [{ size: '30', color: '#223355', quantity: 2 }] },
    );
    let { doc } = await dom('/product/2');
    expect((ldOf(doc, 'Product') as { offers: { availability: string } }).offers.availability).toBe(
      'https://schema.org/LimitedAvailability',
    );
    await api(
      'updateProduct',
      { id: '2' },
      { ...form, inventory: [{ size: '30', color: '#223355', quantity: 0 }] },
    );
    ({ doc } = await dom('/product/2'));
    expect((ldOf(doc, 'Product') as { offers: { availability: string } }).offers.availability).toBe(
      'https://schema.org/OutOfStock',
    );
  });

  it('answers 404 with the shell for an unknown product, and HEAD alike', async () => {
    const { res, doc } = await dom('/product/999');
    expect(res.status).toBe(404);
    expect(doc.getElementById('root')).not.toBeNull();
    expect(metaOf(doc, 'name', 'robots')).toBe('noindex');
    expect((await get('/product/not-a-number')).status).toBe(404);
    const head = await get('/product/999', { method: 'HEAD' });
    expect(head.status).toBe(404);
    const ok = await get('/product/1', { method: 'HEAD' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await ok.text()).toBe('');
  });
});

describe('listings and the home page', () => {
  it('a listing has an ItemList and its canonical is the plain category listing', async () => {
    const { doc } = await dom('/products?category=t-shirts&sort=price_asc&page=1&name=tee&x=1');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${PUBLIC_URL}/products?category=t-shirts`,
    );
    expect(doc.title).toBe('T Shirts | Threadline');
    const list = ldOf(doc, 'ItemList') as { itemListElement: Array<{ url: string; position: number }> };
    expect(list.itemListElement.length).toBeGreaterThan(0);
    expect(list.itemListElement[0]).toMatchObject({ position: 1 });
    const all = await dom('/products?sort=price_desc&page=2');
    expect(all.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${PUBLIC_URL}/products`,
    );
    // A category that does not exist is not a listing of its own.
    const unknown = await dom('/products?category=nope');
    expect(unknown.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${PUBLIC_URL}/products`,
    );
  });

  it('the home page has Organization, WebSite with a SearchAction and the featured ItemList', async () => {
    const { doc } = await dom('/');
    expect(doc.title).toBe('Threadline');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${PUBLIC_URL}/`);
    expect(ldOf(doc, 'Organization')).toMatchObject({ name: 'Threadline', url: `${PUBLIC_URL}/` });
    const site = ldOf(doc, 'WebSite') as {
      potentialAction: { target: { urlTemplate: string }; 'query-input': string };
    };
    expect(site.potentialAction.target.urlTemplate).toBe(
      `${PUBLIC_URL}/products?search=&name={search_term_string}`,
    );
    expect(site.potentialAction['query-input']).toBe('required name=search_term_string');
    expect(ldOf(doc, 'ItemList')).toBeDefined();
    expect(metaOf(doc, 'property', 'og:type')).toBe('website');
  });
});

describe('the other routes', () => {
  it.each([
    '/cart',
    '/checkout',
    '/profile',
    '/login',
    '/register',
    '/wishlist',
    '/admin',
    '/admin/products',
    '/order-success/4',
    '/order-saved/k',
    '/orders/3',
    '/forgot-password',
    '/reset-password',
  ])('%s answers 200 with the shell, marked noindex', async (path) => {
    const { res, doc } = await dom(path);
    expect(res.status).toBe(200);
    expect(metaOf(doc, 'name', 'robots')).toBe('noindex');
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it('an unknown path redirects to /; a missing file is a 404', async () => {
    for (const path of ['/nope', '/product/1/extra', '/cart/x/y']) {
      const res = await get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toBe('/');
    }
    expect((await get('/nope', { method: 'HEAD' })).status).toBe(302);
    expect((await get('/assets/missing.js')).status).toBe(404);
  });
});

describe('caching', () => {
  it('sends an ETag with no-cache, answers 304, and a catalogue write makes a new page', async () => {
    const first = await get('/product/3');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect((await get('/product/3', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    // Per-visitor inputs change nothing: the same bytes whoever asks.
    const other = await get('/product/3', { headers: { Cookie: 'cart=secret', Authorization: 'Bearer x' } });
    expect(other.headers.get('etag')).toBe(etag);
    await api(
      'updateProduct',
      { id: '3' },
      {
        title: 'Storm Jacket',
        regular_price: 120,
        sale_price: 99.5,
        category: 3,
        sizes: ['M', 'L'],
        colors: ['#2f4f2f', '#000000'],
      },
    );
    const after = await dom('/product/3');
    expect(after.res.headers.get('etag')).not.toBe(etag);
    expect(after.doc.title).toBe('Storm Jacket | Threadline');
  });
});

describe('sitemap and robots', () => {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');

  it('is an index of the pages file and product files of at most the page size', async () => {
    const index = await get('/sitemap.xml');
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const text = await index.text();
    expect(text).toContain('<sitemapindex');
    const count = backend.core.deps.stores.products.all().length;
    const files = locs(text);
    expect(files).toEqual([
      `${PUBLIC_URL}/sitemap-pages.xml`,
      ...Array.from(
        { length: Math.ceil(count / 2) },
        (_, i) => `${PUBLIC_URL}/sitemap-products-${i + 1}.xml`,
      ),
    ]);
    const seen: string[] = [];
    for (let n = 1; n <= Math.ceil(count / 2); n++) {
      const page = locs(await (await get(`/sitemap-products-${n}.xml`)).text());
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page);
    }
    expect(seen).toEqual(
      backend.core.deps.stores.products
        .all()
        .map((p) => `${PUBLIC_URL}/product/${p.id}`)
        .sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
    );
    expect((await get(`/sitemap-products-${Math.ceil(count / 2) + 1}.xml`)).status).toBe(404);
    const pages = locs(await (await get('/sitemap-pages.xml')).text());
    expect(pages).toEqual(
      expect.arrayContaining([
        `${PUBLIC_URL}/`,
        `${PUBLIC_URL}/products`,
        `${PUBLIC_URL}/products?category=jeans`,
      ]),
    );
  });

  it("moves a product's lastmod on when it is edited", async () => {
    const lastmod = async () => {
      const xml = await (await get('/sitemap-products-1.xml')).text();
      return /<loc>[^<]*\/product\/1<\/loc><lastmod>([^<]+)<\/lastmod>/.exec(xml)?.[1];
    };
    expect(await lastmod()).toBe('2026-01-01T10:00:00.000Z');
    const before = new Date().toISOString();
    await api(
      'updateProduct',
      { id: '1' },
      {
        title: 'Classic Cotton Tee',
        regular_price: 26,
        sale_price: 19.99,
        category: 1,
        sizes: ['S', 'M', 'L'],
        colors: ['#1e3a5f', '#ffffff'],
      },
    );
    expect((await lastmod())! >= before).toBe(true);
  });

  it('robots.txt names the sitemap and keeps crawlers out of the private screens', async () => {
    const text = await (await get('/robots.txt', { headers: { Host: 'evil.example' } })).text();
    expect(text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    for (const path of [
      '/cart',
      '/checkout',
      '/profile',
      '/admin',
      '/api/',
      '/orders',
      '/order-success/',
      '/order-saved/',
    ])
      expect(text).toContain(`Disallow: ${path}\n`);
  });
});
