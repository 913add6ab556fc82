/**
 * Caches grow by answer, not by URL: unknown query parameters neither split the caches nor change an
 * answer, and what a caller can still vary (every distinct `q`) stays within the byte budgets.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CATALOG_CACHE_MAX_BYTES, catalogCacheStats } from '#server/core/catalog/cache';
import { createApp } from './app';
import type { CachedAnswers } from './cached-answers';
import { createCachedAnswers } from './cached-answers';
import type { TestServer } from '#server/test/test-server';
import { startTestServer } from '#server/test/test-server';

let srv: TestServer;
const servers: Server[] = [];
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await srv.close();
});

/** The real app over the test backend, with an HTTP answer cache of its own that the test can read. */
async function appWith(answers: CachedAnswers): Promise<string> {
  const app = createApp({
    api: srv.backend.api,
    uploadsDir: srv.backend.uploadsDir,
    distDir: join(srv.dataDir, 'no-dist'),
    log: () => undefined,
    cachedAnswers: answers,
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const get = async (base: string, path: string, encoding = 'identity') => {
  const r = await fetch(`${base}${path}`, { headers: { 'accept-encoding': encoding } });
  return { status: r.status, etag: r.headers.get('etag'), body: await r.text() };
};

/** `count` requests, `width` at a time. */
async function flood<T>(count: number, width: number, one: (n: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let n = 0; n < count; n += width)
    out.push(
      ...(await Promise.all(Array.from({ length: Math.min(width, count - n) }, (_, i) => one(n + i)))),
    );
  return out;
}

/** Distinct search texts that all match every product (every sku holds a "t" and an "l"). */
const everything = (n: number): string =>
  n
    .toString(2)
    .split('')
    .map((bit) => (bit === '1' ? 'l' : 't'))
    .join('+');

it('5,000 requests with an unknown parameter keep one HTTP entry and one core entry, all the same answer', async () => {
  const answers = createCachedAnswers(srv.backend.api);
  const base = await appWith(answers);
  const coreBefore = catalogCacheStats(srv.backend.core.catalog)!.entries;
  const replies = await flood(5000, 50, (n) =>
    get(base, `/api/products?x=${n}`, n % 2 ? 'gzip' : 'identity'),
  );
  expect(new Set(replies.map((r) => `${r.status} ${r.etag}`))).toEqual(new Set([`200 ${replies[0]!.etag}`]));
  expect(answers.stats().entries).toBe(1);
  expect(catalogCacheStats(srv.backend.core.catalog)!.entries).toBeLessThanOrEqual(coreBefore + 1);
}, 60_000);

it('the core keys by the parsed query: unknown parameters never reach its cache key', async () => {
  const before = catalogCacheStats(srv.backend.core.catalog)!.entries;
  for (let n = 0; n < 2000; n++)
    await srv.backend.api.handle('listProducts', { query: { sort: 'price_desc', [`x${n}`]: String(n) } });
  expect(catalogCacheStats(srv.backend.core.catalog)!.entries).toBe(before + 1);
});

it('many distinct searches keep both caches within their byte budgets', async () => {
  const httpBudget = 256 * 1024;
  const answers = createCachedAnswers(srv.backend.api, { maxBytes: httpBudget });
  const base = await appWith(answers);
  // Each answer holds every product (about 5 kB counted), so 7,000 of them pass the core's 32 MB.
  const replies = await flood(7000, 50, (n) => get(base, `/api/products?limit=100&q=${everything(n + 1)}`));
  expect(replies.every((r) => r.status === 200 && r.body.length > 2000)).toBe(true);
  const core = catalogCacheStats(srv.backend.core.catalog)!;
  expect(core.bytes).toBeLessThanOrEqual(CATALOG_CACHE_MAX_BYTES);
  expect(core.bytes).toBeGreaterThan(CATALOG_CACHE_MAX_BYTES * 0.9);
  expect(core.entries).toBeLessThan(7000);
  const http = answers.stats();
  expect(http.bytes).toBeLessThanOrEqual(httpBudget);
  expect(http.entries).toBeGreaterThan(10);
}, 120_000);

it('an answer with unknown parameters equals the one without, whichever comes first', async () => {
  const base = await appWith(createCachedAnswers(srv.backend.api));
  // [asked first, asked next, whether both must be the same answer]
  const cases: Array<[string, string, boolean]> = [
    ['/api/products?sort=price_asc&limit=5&utm_source=x&x=1', '/api/products?sort=price_asc&limit=5', true],
    ['/api/products?limit=5&x=2&sort=price_asc', '/api/products?sort=price_asc&limit=5', true],
    ['/api/products/2?x=1', '/api/products/2', true],
    ['/api/categories?x=1', '/api/categories', true],
    ['/api/products?category=jeans', '/api/products?category=jeans&nocache=3', true],
    // Only the first value counts, for the route as for the key.
    ['/api/products?sort=price_desc&sort=price_asc&x=1', '/api/products?sort=price_desc', true],
    // Known parameters still tell answers apart.
    ['/api/products?sort=price_asc&limit=5&x=1', '/api/products?sort=price_desc&limit=5&x=1', false],
    // An encoded name is the parameter it decodes to, never an unknown one to ignore.
    ['/api/products?category=jackets', '/api/products?%63ategory=jeans&x=1', false],
    ['/api/products?category=jeans', '/api/products?%63ategory=jeans&x=1', true],
    ['/api/products', '/api/products?%71=zzz', false],
    ['/api/products?q=zzz', '/api/products?%71=zzz', true],
    ['/api/products?q=classic+tee', '/api/products?q=classic%20tee&x=1', true],
  ];
  for (const [first, next, same] of cases) {
    const a = await get(base, first);
    expect(a.status).toBe(200);
    const b = await get(base, next);
    for (let i = 0; i < 3; i++) expect(await get(base, next), next).toEqual(b);
    if (same) expect(b, `${first} then ${next}`).toEqual(a);
    else expect(b.etag, `${first} then ${next}`).not.toBe(a.etag);
  }
});
