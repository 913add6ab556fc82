/**
 * Rendered pages answered before Koa (fast-reads.ts with page-routes.ts `serveRaw`): for a held, current page
 * the same status, headers and bytes as the Koa path gives that visitor (their cart from the `cart` cookie, each
 * encoding), with the request's id, HSTS as TRUST_PROXY decides, and the same log line; a catalogue write or a new
 * build is never answered with the old page; a revalidation, HEAD and a page not held go through Koa.
 */
import type { AddressInfo } from 'node:net';
import type { IncomingHttpHeaders, Server } from 'node:http';
import { request } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '#server/boot';
import { createApp } from '#server/http/app';
import { createLimitedServer } from '#server/http/server-settings';
import { createLogger } from '#server/ops/logger';
import { createMetrics } from '#server/ops/metrics';
import { jsonLines } from '#server/test/ops-kit';
import { openTestBackend, TEST_ADMIN } from '#server/test/test-server';
import { pageSourceOf } from './page-source';
import { TEST_SITE, testShell } from './test-site';
import { createShellLoader, RECHECK_MS } from './page-shell';
import type { LoadedSsr, SsrModule } from './ssr-render';

const cartCookie = (qty: number) =>
  `cart=${encodeURIComponent(
    JSON.stringify({
      lines: [
        { productId: 1, title: 'A', price: 12.5, image: null, qty, selectedSize: 'M', selectedColor: 'Red' },
      ],
      shippingCost: 0,
    }),
  )}`;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  viaKoa: boolean;
}

interface Site {
  backend: Backend;
  dist: string;
  /** The shell loader's clock (ms): it looks at index.html again once RECHECK_MS have passed on it. */
  clock: { now: number };
  get(path: string, headers?: Record<string, string>, method?: string): Promise<Answer>;
  lines(): Record<string, unknown>[];
  close(): Promise<void>;
}

let dir: string;
let entry: SsrModule;

async function startSite(name: string, trustProxy = false): Promise<Site> {
  const dist = join(dir, name, 'dist');
  await mkdir(dist, { recursive: true });
  await writeFile(join(dist, 'index.html'), testShell('abc'));
  const backend = await openTestBackend({ dataDir: join(dir, name, 'data'), currency: 'EUR' });
  const loaded: LoadedSsr = { stamp: 'test', module: entry };
  // The built shell's loader, on a clock of the test's: a slow machine cannot make it look again mid-test.
  const clock = { now: 0 };
  let out = '';
  const logger = createLogger({ level: 'info', destination: { write: (s: string) => void (out += s) } });
  const app = createApp({
    api: backend.api,
    uploadsDir: backend.uploadsDir,
    distDir: dist,
    trustProxy,
    logger,
    metrics: createMetrics({ defaults: false }),
    log: () => undefined,
    pages: {
      source: pageSourceOf(backend.core),
      site: TEST_SITE,
      shell: createShellLoader(dist, () => clock.now),
      // As the built rendering's loader (ssr-render.ts), it tells its current value.
      ssr: Object.assign(async () => loaded, { current: () => loaded }),
    },
  });
  let koaCalls = 0;
  app.middleware.unshift((_ctx, next) => {
    koaCalls++;
    return next();
  });
  const server: Server = createLimitedServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    backend,
    dist,
    clock,
    get: (path, headers = {}, method = 'GET') =>
      new Promise((resolve, reject) => {
        const before = koaCalls;
        request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
              viaKoa: koaCalls > before,
            }),
          );
        })
          .on('error', reject)
          .end();
      }),
    lines: () => jsonLines(out),
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await backend.close();
    },
  };
}

/** Every header but the two that differ by nature from one answer to the next. */
const comparable = (h: IncomingHttpHeaders) => {
  const { date: _date, 'x-request-id': _id, ...rest } = h;
  return rest;
};

/**
 * The Koa path's answer (an If-None-Match that matches nothing: Koa answers in full, the shortcut stays out),
 * then the same request without it, which must be answered before Koa, alike.
 */
async function koaThenFast(site: Site, path: string, headers: Record<string, string>) {
  const koa = await site.get(path, { ...headers, 'if-none-match': '"none"' });
  const fast = await site.get(path, headers);
  expect(koa.viaKoa).toBe(true);
  expect(fast.viaKoa, `${path} ${JSON.stringify(headers)}`).toBe(false);
  return { koa, fast };
}

let site: Site;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'threadline-fast-pages-'));
  entry = (await import('#web/entry-server')) as SsrModule;
  site = await startSite('plain');
});

afterAll(async () => {
  await site?.close();
  await rm(dir, { recursive: true, force: true });
});

const PAGES = ['/', '/products?category=tops&sort=price_asc&x=1', '/product/1', '/privacy-policy', '/cart'];

describe('a held page before Koa', () => {
  it.each(PAGES)('%s: the same status, headers and bytes as Koa, per cart and per encoding', async (path) => {
    await site.get(path); // made and held
    for (const cookie of [undefined, cartCookie(3)])
      for (const encoding of ['br', 'gzip', 'identity']) {
        const headers = { 'accept-encoding': encoding, ...(cookie ? { cookie } : {}) };
        const { koa, fast } = await koaThenFast(site, path, headers);
        expect(fast.status).toBe(200);
        expect(comparable(fast.headers)).toEqual(comparable(koa.headers));
        expect(fast.body.equals(koa.body)).toBe(true);
        // The test's bare shell (/cart) is under the size worth compressing; the rendered pages are not.
        if (path !== '/cart')
          expect(fast.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
        // The page set of security headers, not the API's.
        expect(fast.headers['content-security-policy']).toContain("script-src 'self'");
        expect(fast.headers['cross-origin-opener-policy']).toBe('same-origin');
      }
    // The visitor's own cart, never another's.
    const three = await site.get(path, { 'accept-encoding': 'identity', cookie: cartCookie(3) });
    const none = await site.get(path, { 'accept-encoding': 'identity' });
    expect([three.viaKoa, none.viaKoa]).toEqual([false, false]);
    if (path !== '/cart') {
      expect(three.body.toString()).toMatch(/data-testid="cart-badge">3</);
      expect(none.body.toString()).not.toContain('data-testid="cart-badge"');
    }
  });

  it("a product that doesn't exist is not held: its 404 always comes from Koa", async () => {
    const first = await site.get('/product/987654');
    const second = await site.get('/product/987654');
    expect([first.status, second.status]).toEqual([404, 404]);
    expect([first.viaKoa, second.viaKoa]).toEqual([true, true]);
  });

  it('echoes the request id and writes the same log line as Koa', async () => {
    await site.get('/product/2');
    const koa = await site.get('/product/2', { 'x-request-id': 'page-koa', 'if-none-match': '"x"' });
    const fast = await site.get('/product/2', { 'x-request-id': 'page-fast' });
    expect(fast.viaKoa).toBe(false);
    expect(fast.headers['x-request-id']).toBe('page-fast');
    expect(fast.headers['strict-transport-security']).toBeUndefined();
    const bad = await site.get('/product/2', { 'x-request-id': 'a b' });
    expect(bad.viaKoa).toBe(false);
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const lineOf = (id: string) => {
      const l = site.lines().find((x) => x.reqId === id);
      expect(l).toBeDefined();
      const { time: _t, ms: _ms, reqId: _id, ...rest } = l!;
      return rest;
    };
    await expect.poll(() => site.lines().some((l) => l.reqId === 'page-fast')).toBe(true);
    expect(lineOf('page-fast')).toEqual(lineOf('page-koa'));
    expect(lineOf('page-fast')).toMatchObject({ route: '(page)', path: '/product/2', status: 200 });
    expect(koa.body.equals(fast.body)).toBe(true);
  });

  it('a revalidation gets its 304 from Koa, and HEAD goes to Koa', async () => {
    const page = await site.get('/product/3');
    const held = await site.get('/product/3');
    expect(held.viaKoa).toBe(false);
    const revalidated = await site.get('/product/3', { 'if-none-match': held.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.viaKoa).toBe(true);
    const head = await site.get('/product/3', {}, 'HEAD');
    expect(head.viaKoa).toBe(true);
    expect(head.headers.etag).toBe(page.headers.etag);
  });

  it('after a product change the next request is the new page, never the held one', async () => {
    await site.get('/product/4');
    const old = await site.get('/product/4', { 'accept-encoding': 'identity' });
    expect(old.viaKoa).toBe(false);
    const login = await site.backend.api.handle('login', { readBody: async () => TEST_ADMIN });
    const token = (login.body as { token: string }).token;
    const reply = await site.backend.api.handle('updateProduct', {
      params: { id: '4' },
      token,
      readBody: async () => ({
        title: 'Renamed Parka',
        regular_price: 140,
        category: 3,
        sizes: ['M'],
        colors: ['#000000'],
      }),
    });
    expect(reply.status).toBe(200);
    const next = await site.get('/product/4', { 'accept-encoding': 'identity' });
    expect(next.body.toString()).toContain('Renamed Parka | Threadline');
    expect(next.headers.etag).not.toBe(old.headers.etag);
    // Made again by Koa, then held again.
    expect(next.viaKoa).toBe(true);
    const after = await site.get('/product/4', { 'accept-encoding': 'identity' });
    expect(after.viaKoa).toBe(false);
    expect(after.body.equals(next.body)).toBe(true);
  });

  it('a new build of the shell is never answered with a page made from the old one', async () => {
    await site.get('/privacy-policy');
    expect((await site.get('/privacy-policy')).viaKoa).toBe(false);
    await writeFile(join(site.dist, 'index.html'), testShell('def'));
    // The shell is looked at again at most once a second (page-shell.ts): a page through Koa reads the new
    // one, while the privacy page held is still made from the old one.
    site.clock.now += RECHECK_MS;
    expect((await site.get('/cart')).body.toString()).toContain('/assets/index-def.js');
    const next = await site.get('/privacy-policy');
    expect(next.viaKoa).toBe(true);
    expect(next.body.toString()).toContain('/assets/index-def.js');
    expect(next.body.toString()).not.toContain('/assets/index-abc.js');
    await writeFile(join(site.dist, 'index.html'), testShell('abc'));
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let proxied: Site;
  beforeAll(async () => {
    proxied = await startSite('proxied', true);
  });
  afterAll(() => proxied?.close());

  it('HSTS over forwarded https, as on the Koa path, and none over http', async () => {
    const https = { 'x-forwarded-proto': 'https', 'accept-encoding': 'gzip' };
    await proxied.get('/', https);
    const { koa, fast } = await koaThenFast(proxied, '/', https);
    expect(fast.headers['strict-transport-security']).toBeTruthy();
    expect(comparable(fast.headers)).toEqual(comparable(koa.headers));
    const plain = await proxied.get('/', { 'x-forwarded-proto': 'http', 'accept-encoding': 'gzip' });
    expect(plain.viaKoa).toBe(false);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
