/** A repeated catalogue read answered before routing looks exactly like the first, and never outlives a write. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '#tests/contract/client';
import type { TestServer } from '#server/test/test-server';
import { startTestServer, TEST_ADMIN } from '#server/test/test-server';

let srv: TestServer;
const c = createClient(() => ({ baseUrl: srv.baseUrl, admin: TEST_ADMIN }));
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const HEADERS = ['etag', 'cache-control', 'content-type', 'content-length', 'vary', 'x-content-type-options'];
const get = async (path: string) => {
  const r = await fetch(`${srv.baseUrl}${path}`, { headers: { 'accept-encoding': 'identity' } });
  return { status: r.status, headers: HEADERS.map((h) => r.headers.get(h)), body: await r.text() };
};

it('later answers for a URL (shortcut, then straight to the socket) equal the first, header for header', async () => {
  for (const path of ['/api/products?limit=3&sort=price_desc', '/api/products/2', '/api/categories']) {
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers[5]).toBe('nosniff');
    for (let i = 0; i < 3; i++) expect(await get(path), path).toEqual(first);
  }
});

it('the compressed form is the same on the socket path, and If-None-Match still gets its 304', async () => {
  const path = '/api/products?limit=100';
  const zipped = () => fetch(`${srv.baseUrl}${path}`, { headers: { 'accept-encoding': 'gzip' } });
  const first = await zipped();
  const etag = first.headers.get('etag')!;
  const text = await first.text();
  for (let i = 0; i < 3; i++) {
    const r = await zipped();
    expect(r.headers.get('content-encoding')).toBe('gzip');
    expect(await r.text()).toBe(text);
  }
  const revalidated = await fetch(`${srv.baseUrl}${path}`, { headers: { 'if-none-match': etag } });
  expect(revalidated.status).toBe(304);
});

it('a product write is seen at once by the next read of the same URL', async () => {
  const path = '/api/products/1';
  const before = JSON.parse((await get(path)).body) as { title: string };
  await get(path);
  const admin = await c.adminToken();
  const r = await c.call('updateProduct', {
    token: admin,
    params: { id: 1 },
    body: { title: 'Renamed Tee', regular_price: 25, sale_price: 19.99, sizes: ['S'], colors: [] },
  });
  expect(r.status).toBe(200);
  const after = JSON.parse((await get(path)).body) as { title: string };
  expect(before.title).not.toBe('Renamed Tee');
  expect(after.title).toBe('Renamed Tee');
});
