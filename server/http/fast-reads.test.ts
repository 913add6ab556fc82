/**
 * Cached reads answered before Koa (fast-reads.ts): the same answer, header for header, as the Koa path,
 * with the request's id, its log line and the client address as TRUST_PROXY decides; anything unusual
 * still goes through Koa.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsTestServer } from '#server/test/ops-kit';
import { startOpsTestServer } from '#server/test/ops-kit';

const SAME = ['etag', 'cache-control', 'content-type', 'content-length', 'vary', 'content-security-policy'];

async function get(s: OpsTestServer, path: string, headers: Record<string, string> = {}) {
  const before = s.koaCalls();
  const r = await fetch(`${s.baseUrl}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
  const body = await r.text();
  return { r, body, viaKoa: s.koaCalls() > before };
}
const lineOf = (s: OpsTestServer, id: string) => s.logLines().find((l) => l.reqId === id);

describe('without a trusted proxy', () => {
  let s: OpsTestServer;
  beforeAll(async () => {
    s = await startOpsTestServer();
  });
  afterAll(() => s.close());

  it('a held answer skips Koa and is the same answer, with its id and its log line', async () => {
    const path = '/api/products?limit=3&sort=price_desc';
    const first = await get(s, path, { 'X-Request-Id': 'fast-1' });
    const second = await get(s, path, { 'X-Request-Id': 'fast-2' });
    const third = await get(s, path, { 'X-Request-Id': 'fast-3' });
    expect(first.viaKoa).toBe(true);
    expect(third.viaKoa).toBe(false);
    for (const later of [second, third]) {
      expect(later.body).toBe(first.body);
      expect(SAME.map((h) => later.r.headers.get(h))).toEqual(SAME.map((h) => first.r.headers.get(h)));
    }
    expect(third.r.headers.get('x-request-id')).toBe('fast-3');
    expect(third.r.headers.get('strict-transport-security')).toBeNull();
    await expect.poll(() => lineOf(s, 'fast-3')).toBeDefined();
    expect(lineOf(s, 'fast-3')).toMatchObject({
      method: 'GET',
      route: '/api/products',
      path: '/api/products',
      status: 200,
      bytes: Buffer.byteLength(third.body),
      ip: '127.0.0.1',
    });
    expect(s.logLines().filter((l) => l.reqId === 'fast-3')).toHaveLength(1);
  });

  it('a bad incoming id is replaced, and a forwarded address is not believed', async () => {
    const path = '/api/products/1';
    await get(s, path);
    await get(s, path);
    const fast = await get(s, path, { 'X-Request-Id': 'a b', 'X-Forwarded-For': '203.0.113.9' });
    expect(fast.viaKoa).toBe(false);
    const id = fast.r.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => lineOf(s, id)).toMatchObject({ ip: '127.0.0.1', route: '/api/products/:id' });
  });

  it('a revalidation, another method, a fragment or a doubled slash go through Koa', async () => {
    const path = '/api/categories';
    const first = await get(s, path);
    await get(s, path);
    expect((await get(s, path, { 'if-none-match': first.r.headers.get('etag')! })).viaKoa).toBe(true);
    const before = s.koaCalls();
    await fetch(`${s.baseUrl}${path}`, { method: 'HEAD' });
    expect(s.koaCalls()).toBe(before + 1);
    expect((await get(s, `/${path}`)).viaKoa).toBe(true);
    // fetch and URL parsing drop a fragment; a raw client may send one.
    const raw = s.koaCalls();
    await new Promise<void>((resolve, reject) =>
      request({ host: '127.0.0.1', port: new URL(s.baseUrl).port, path: `${path}?#x` }, (res) =>
        res.resume().on('end', resolve),
      )
        .on('error', reject)
        .end(),
    );
    expect(s.koaCalls()).toBe(raw + 1);
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let s: OpsTestServer;
  beforeAll(async () => {
    s = await startOpsTestServer({ trustProxy: true });
  });
  afterAll(() => s.close());

  it('HSTS and the forwarded client address, as on the Koa path', async () => {
    const proxied = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9, 10.0.0.1' };
    const path = '/api/products?limit=2';
    const first = await get(s, path, { ...proxied, 'X-Request-Id': 'p-1' });
    await get(s, path, proxied);
    const fast = await get(s, path, { ...proxied, 'X-Request-Id': 'p-3' });
    expect(fast.viaKoa).toBe(false);
    expect(fast.r.headers.get('strict-transport-security')).toBeTruthy();
    expect(fast.r.headers.get('strict-transport-security')).toBe(
      first.r.headers.get('strict-transport-security'),
    );
    await expect.poll(() => lineOf(s, 'p-3')).toMatchObject({ ip: '203.0.113.9' });
    expect(lineOf(s, 'p-1')).toMatchObject({ ip: '203.0.113.9' });
    const plain = await get(s, path, { 'X-Forwarded-Proto': 'http' });
    expect(plain.viaKoa).toBe(false);
    expect(plain.r.headers.get('strict-transport-security')).toBeNull();
  });
});
