/** The hardening headers on every kind of answer, HSTS only over (trusted) TLS, private API answers. */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '#server/config';
import { createApp } from './app';
import { contentSecurityPolicy, HSTS } from './middleware/security-headers';
import type { TestServer } from '#server/test/test-server';
import { startTestServer, TEST_ADMIN } from '#server/test/test-server';

const CSP_PARTS = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "font-src 'self'",
];

let srv: TestServer;
let proxied: { baseUrl: string; server: Server };
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'threadline-dist-'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Threadline</title>');
  await writeFile(join(dist, 'app.js'), 'console.log(1)');
  srv = await startTestServer({ distDir: dist });
  // The same backend behind a second app that trusts its proxy, as TRUST_PROXY=true makes it.
  const app = createApp({
    api: srv.backend.api,
    uploadsDir: srv.backend.uploadsDir,
    distDir: dist,
    trustProxy: true,
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  proxied = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
});
afterAll(async () => {
  proxied.server.closeAllConnections();
  await new Promise<void>((resolve) => proxied.server.close(() => resolve()));
  await srv.close();
  await rm(dist, { recursive: true, force: true });
});

function expectHardened(r: Response, what: string): void {
  const csp = r.headers.get('content-security-policy') ?? '';
  for (const part of CSP_PARTS) expect(csp.split('; '), `${what}: ${part}`).toContain(part);
  expect(csp, what).not.toContain('unsafe');
  expect(r.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(r.headers.get('permissions-policy'), what).toMatch(
    /camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\).*usb=\(\)/,
  );
  expect(r.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(r.headers.get('x-frame-options'), what).toBe('DENY');
  expect(r.headers.get('cross-origin-opener-policy'), what).toBe('same-origin');
}

/** The API's set: nothing may load or run if a browser opens the answer, no sniffing, no framing. */
function expectApiHardened(r: Response, what: string): void {
  expect(r.headers.get('content-security-policy'), what).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(r.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(r.headers.get('x-frame-options'), what).toBe('DENY');
}

describe('every answer carries the hardening headers', () => {
  it('the HTML, a static file and a missing upload: the pages set', async () => {
    for (const path of ['/', '/products/some-shirt', '/app.js', '/uploads/missing.png']) {
      expectHardened(await fetch(`${srv.baseUrl}${path}`), path);
    }
  });

  it('an API answer, an API error and a refused call: the API set', async () => {
    for (const path of ['/api/health', '/api/nope', '/api/products?limit=abc', '/api/admin/orders']) {
      const r = await fetch(`${srv.baseUrl}${path}`);
      expectApiHardened(r, path);
      expect(r.headers.get('content-type'), path).toMatch(/^application\/json/);
    }
  });

  it('a repeated catalogue read, answered by the cached shortcut and then straight to the socket', async () => {
    for (let i = 0; i < 4; i++) expectApiHardened(await fetch(`${srv.baseUrl}/api/categories`), `read ${i}`);
    for (let i = 0; i < 4; i++) expectApiHardened(await fetch(`${srv.baseUrl}/api/products`), `list ${i}`);
  });
});

describe('HSTS', () => {
  it('is absent over plain HTTP, and a forwarded https is ignored without TRUST_PROXY', async () => {
    expect((await fetch(`${srv.baseUrl}/`)).headers.get('strict-transport-security')).toBeNull();
    const faked = await fetch(`${srv.baseUrl}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(faked.headers.get('strict-transport-security')).toBeNull();
  });

  it('is sent behind a trusted proxy that terminated TLS, and only then', async () => {
    const secure = await fetch(`${proxied.baseUrl}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toBe(HSTS);
    expectHardened(secure, 'proxied');
    const plain = await fetch(`${proxied.baseUrl}/`, { headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('TRUST_PROXY is off unless set', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(() => parseEnv({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });
});

describe('API answers are private and never stored', () => {
  it('an authenticated answer and an auth failure', async () => {
    const login = await fetch(`${srv.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const me = await fetch(`${srv.baseUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('private, no-store');
    const denied = await fetch(`${srv.baseUrl}/api/auth/me`);
    expect(denied.status).toBe(401);
    expect(denied.headers.get('cache-control')).toBe('private, no-store');
  });
});

it('a cross-origin countries service can be allowed in connect-src alone', () => {
  const csp = contentSecurityPolicy(['https://countries.example']);
  expect(csp).toContain("connect-src 'self' https://countries.example;");
  expect(csp).toContain("script-src 'self';");
});
