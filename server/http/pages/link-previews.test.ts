/**
 * Issue 28's "Done when": an Open Graph parser (open-graph-scraper) and a structured-data validator
 * (@adobe/structured-data-validator on what @marbec/web-auto-extractor reads: Google's rich-result rules and
 * schema.org's vocabulary) accept the home page, a category listing and product pages of a started server holding
 * the demo store, and Google's required Product fields are there. The link-preview picture is checked as a
 * previewer gets it: absolute URL, then the real file (JPEG or PNG, at least 1200 px wide, under 300 kB).
 * No network: the vocabulary is a fixture (server/test/schemaorg/), the tools read HTML strings.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogQuerySchema } from '#contract/rules/catalog-query';
import type { StockLevel } from '#contract/rules/stock';
import { stockLevel } from '#contract/rules/stock';
import type { Product } from '#contract/schemas/product';
import { storeConfigSchema } from '#contract/schemas/store-config';
import { isDemoImageName, renderDemoImageOnRequest } from '#fixtures/demo-images-node';
import { generateDemoStore } from '#fixtures/generate';
import type { Backend } from '#server/boot';
import { createApp } from '#server/http/app';
import { openTestBackend } from '#server/test/test-server';
import {
  describeIssues,
  extractStructuredData,
  openGraphOf,
  structuredDataIssues,
} from '#server/test/page-checks';
import { pageSourceOf } from './page-source';

const PUBLIC_URL = 'https://shop.example';
const MAX_OG_BYTES = 300 * 1024;
const AVAILABILITY_OF: Record<StockLevel['kind'], string> = {
  untracked: 'InStock',
  in: 'InStock',
  low: 'LimitedAvailability',
  out: 'OutOfStock',
};
const AVAILABILITY = Object.values(AVAILABILITY_OF).map((a) => `https://schema.org/${a}`);

let backend: Backend;
let server: Server;
let base: string;
let dir: string;
let currency: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'threadline-previews-'));
  const dist = join(dir, 'dist');
  await mkdir(dist, { recursive: true });
  // The template the build turns into dist/index.html: its own title and description must give way.
  await copyFile(new URL('../../../web/index.html', import.meta.url), join(dist, 'index.html'));
  const store = storeConfigSchema.parse(
    JSON.parse(await readFile(new URL('../../../fixtures/store.json', import.meta.url), 'utf8')),
  );
  currency = store.currency;
  backend = await openTestBackend({
    dataDir: join(dir, 'data'),
    demo: {
      store: () => generateDemoStore(),
      pictures: { has: isDemoImageName, render: (name) => renderDemoImageOnRequest(name) },
    },
  });
  const app = createApp({
    api: backend.api,
    uploadsDir: backend.uploadsDir,
    distDir: dist,
    log: () => undefined,
    demoPictures: backend.demoPictures,
    pages: { source: pageSourceOf(backend.core), site: { publicUrl: PUBLIC_URL, store, currency } },
  });
  server = createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await backend.close();
  await rm(dir, { recursive: true, force: true });
});

async function page(path: string): Promise<string> {
  const res = await fetch(`${base}${path}`, { headers: { 'User-Agent': 'facebookexternalhit/1.1' } });
  expect(res.status, path).toBe(200);
  return res.text();
}

/** Both tools accept the page: open-graph-scraper finds a full card, the validator reports no error. */
async function expectAccepted(path: string) {
  const html = await page(path);
  const og = await openGraphOf(html);
  expect(og.ogTitle, path).toBeTruthy();
  expect(og.ogDescription, path).toBeTruthy();
  expect(og.ogUrl, path).toMatch(new RegExp(`^${PUBLIC_URL}/`));
  expect(og.twitterCard, path).toBe('summary_large_image');
  // One block per type, each with the id the client's PageMeta replaces it by (contract/rules/json-ld.ts).
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"( id="([^"]*)")?>/g)];
  expect(blocks.length, path).toBeGreaterThan(0);
  const ids = blocks.map((b) => b[2]);
  expect(
    ids.every((id) => /^ld-[a-z]+$/.test(id ?? '')),
    path,
  ).toBe(true);
  expect(new Set(ids).size, path).toBe(ids.length);
  const issues = await structuredDataIssues(html);
  expect(describeIssues(issues.filter((i) => i.severity === 'ERROR')), path).toEqual([]);
  // Every property is schema.org's (a warning of the vocabulary check, not only Google's recommendations).
  expect(describeIssues(issues.filter((i) => i.errorType === 'schemaOrg')), path).toEqual([]);
  return { html, og, data: extractStructuredData(html), issues };
}

/** The link-preview picture: absolute, and the file behind it is what the tags and the issue promise. */
async function expectPreviewPicture(og: Awaited<ReturnType<typeof openGraphOf>>) {
  const image = og.ogImage?.[0];
  expect(image?.url).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/.+\\.(jpe?g|png)$`));
  expect(Number(image?.width)).toBeGreaterThanOrEqual(1200);
  expect(image?.alt).toBeTruthy();
  // PUBLIC_URL is where the shop is published; the file is fetched from this test's server.
  const res = await fetch(image!.url.replace(PUBLIC_URL, base));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^image\/(jpeg|png)$/);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.length).toBeLessThan(MAX_OG_BYTES);
  const meta = await sharp(bytes).metadata();
  expect(['jpeg', 'png']).toContain(meta.format);
  expect(meta.width).toBeGreaterThanOrEqual(1200);
  expect([meta.width, meta.height]).toEqual([Number(image?.width), Number(image?.height)]);
}

type Ld = Record<string, unknown>;
const only = (data: ReturnType<typeof extractStructuredData>, type: string): Ld[] => data.jsonld[type] ?? [];

/** Google's required Product fields (Merchant listing and product snippet): name, image, offers' price & co. */
function expectGoogleProductFields(product: Ld | undefined) {
  expect(product?.name).toEqual(expect.any(String));
  const images = [product?.image].flat();
  expect(images.length).toBeGreaterThan(0);
  for (const url of images) expect(url).toMatch(/^https:\/\//);
  const offers = [product?.offers].flat() as Ld[];
  expect(offers.length).toBeGreaterThan(0);
  for (const offer of offers) {
    expect(offer['@type']).toBe('Offer');
    expect(String(offer.price)).toMatch(/^\d+(\.\d+)?$/);
    expect(offer.priceCurrency).toBe(currency);
    expect(AVAILABILITY).toContain(offer.availability);
  }
}

function expectBreadcrumbs(data: ReturnType<typeof extractStructuredData>, names: string[]) {
  const [list] = only(data, 'BreadcrumbList');
  const items = (list?.itemListElement ?? []) as Ld[];
  expect(items.map((i) => i.name)).toEqual(names);
  items.forEach((item, i) => {
    expect(item.position).toBe(i + 1);
    expect(item.item).toMatch(new RegExp(`^${PUBLIC_URL}/`));
  });
}

describe('what previewers and search engines make of the pages', () => {
  it('the home page: a card with a picture, Organization, WebSite with its search, the featured ItemList', async () => {
    const { og, data } = await expectAccepted('/');
    expect(og.ogType).toBe('website');
    await expectPreviewPicture(og);
    expect(only(data, 'Organization')).toHaveLength(1);
    const [site] = only(data, 'WebSite');
    expect(JSON.stringify(site?.potentialAction)).toContain('{search_term_string}');
    expect(((only(data, 'ItemList')[0]?.itemListElement ?? []) as Ld[]).length).toBeGreaterThan(0);
  });

  it('a category listing: a card with a picture, its breadcrumbs and an ItemList of its products', async () => {
    const category = backend.core.categories.list()[0]!;
    const { og, data } = await expectAccepted(`/products?category=${encodeURIComponent(category.slug)}`);
    await expectPreviewPicture(og);
    expectBreadcrumbs(data, ['Threadline', category.name]);
    expect(((only(data, 'ItemList')[0]?.itemListElement ?? []) as Ld[]).length).toBeGreaterThan(0);
  });

  it('product pages: a product card, Google’s required Product fields and valid breadcrumbs', async () => {
    // Product 1, and one product of each stock level the demo store has, with the availability it must carry.
    const all = backend.core.products.list(catalogQuerySchema.parse({ limit: 100 })).items;
    const picks = new Map<StockLevel['kind'], Product>();
    for (const p of [backend.core.products.get(1), ...all]) {
      const kind = stockLevel(p).kind;
      if (!picks.has(kind)) picks.set(kind, p);
    }
    expect([...picks.keys()].length).toBeGreaterThan(1);
    for (const [kind, p] of picks) {
      const { og, data } = await expectAccepted(`/product/${p.id}`);
      expect(og.ogType).toBe('product');
      expect(og.ogTitle).toContain(p.title);
      await expectPreviewPicture(og);
      const [product] = only(data, 'Product');
      expectGoogleProductFields(product);
      expect((product?.offers as Ld).availability, kind).toBe(`https://schema.org/${AVAILABILITY_OF[kind]}`);
      expectBreadcrumbs(data, ['Threadline', ...(p.categories[0] ? [p.categories[0].name] : []), p.title]);
    }
  });

  it('the checks catch a page that breaks a rule (the tools are not just switched on)', async () => {
    const html = await page('/product/1');
    const broken = html.replace(/"price":"[\d.]+",/, '').replace(/"name":"[^"]*",/, '');
    expect(broken).not.toBe(html);
    const issues = await structuredDataIssues(broken);
    const errors = describeIssues(issues.filter((i) => i.severity === 'ERROR')).join('\n');
    expect(errors).toMatch(/price/);
    expect(errors).toMatch(/name/);
    const misspelt = html.replace('"itemCondition"', '"itemCondtion"');
    expect(describeIssues(await structuredDataIssues(misspelt)).join('\n')).toMatch(/itemCondtion/);
  });
});
