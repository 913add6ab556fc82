/** Issue 30: the request log and request ids, against the real app with the log captured. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '#server/core/api/handle';
import { createApp } from '#server/http/app';
import { createLogger } from '#server/ops/logger';
import type { OpsTestServer } from '#server/test/ops-kit';
import { startOpsTestServer } from '#server/test/ops-kit';

let s: OpsTestServer;
beforeAll(async () => {
  s = await startOpsTestServer();
});
afterAll(() => s.close());

const lineOf = (id: string) => s.logLines().find((l) => l.reqId === id);

describe('request ids', () => {
  it('keeps a good incoming id: in the answer, its log line and its error body', async () => {
    const res = await fetch(`${s.baseUrl}/api/products/999999`, { headers: { 'X-Request-Id': 'lb-7f.3_a' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe('lb-7f.3_a');
    expect(await res.json()).toMatchObject({ code: 'not_found', requestId: 'lb-7f.3_a' });
    await expect
      .poll(() => lineOf('lb-7f.3_a'))
      .toMatchObject({
        method: 'GET',
        route: '/api/products/:id',
        path: '/api/products/999999',
        status: 404,
        code: 'not_found',
        ip: '127.0.0.1',
      });
  });

  it('replaces an id that is too long or holds other characters', async () => {
    for (const bad of ['x'.repeat(65), 'a b', 'id\u00e9', '<script>']) {
      const res = await fetch(`${s.baseUrl}/api/health`, { headers: { 'X-Request-Id': bad } });
      const id = res.headers.get('x-request-id')!;
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('logs each request once, with its duration, bytes and the signed-in user', async () => {
    const shopper = await s.client.newShopper();
    const res = await fetch(`${s.baseUrl}/api/auth/me`, {
      headers: { Authorization: `Bearer ${shopper.token}`, 'X-Request-Id': 'me-call' },
    });
    const body = await res.text();
    await expect.poll(() => lineOf('me-call')).toBeDefined();
    const line = lineOf('me-call')!;
    expect(line).toMatchObject({
      route: '/api/auth/me',
      status: 200,
      user: shopper.id,
      bytes: Buffer.byteLength(body),
    });
    expect(typeof line.ms).toBe('number');
    expect(s.logLines().filter((l) => l.reqId === 'me-call')).toHaveLength(1);
  });
});

describe('secrets stay out of the log', () => {
  it('a login: neither the password, nor the token, nor the cookie reach the log', async () => {
    const shopper = await s.client.newShopper();
    const res = await fetch(`${s.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: 'sid=cookie-secret-42',
        'X-Request-Id': 'login-1',
      },
      body: JSON.stringify({ email: shopper.email, password: shopper.password }),
    });
    const { token } = (await res.json()) as { token: string };
    expect(token).toBeTruthy();
    await fetch(`${s.baseUrl}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
    await fetch(`${s.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: shopper.email, password: 'wrong-but-secret-9' }),
    });
    await expect.poll(() => lineOf('login-1')).toBeDefined();
    const text = s.logText();
    for (const secret of [shopper.password, shopper.token, token, 'cookie-secret-42', 'wrong-but-secret-9'])
      expect(text).not.toContain(secret);
  });

  it('the logger redacts secrets a caller hands it, at any usual depth', () => {
    let out = '';
    const logger = createLogger({ destination: { write: (t: string) => void (out += t) } });
    logger.info(
      {
        password: 'p1-secret',
        headers: { authorization: 'Bearer t1-secret', cookie: 'c1-secret', 'set-cookie': 's1-secret' },
        user: { resetToken: 'r1-secret', nested: { token: 't2-secret' } },
        mail: { to: 'a@b.c', html: '<p>reset link r2-secret</p>' },
      },
      'with secrets',
    );
    expect(out).toContain('with secrets');
    expect(out).toContain('a@b.c');
    expect(out).not.toMatch(/p1-secret|t1-secret|c1-secret|s1-secret|r1-secret|t2-secret|r2-secret/);
  });
});

describe('failures', () => {
  it('an unexpected error: its stack in the log line, an opaque 500 with the id in the answer', async () => {
    let out = '';
    const failing: Api = {
      catalogVersion: () => 0,
      handle: () => Promise.reject(new Error('disk on fire at /var/secret/path')),
    };
    const app = createApp({
      api: failing,
      uploadsDir: s.dataDir,
      distDir: s.dataDir,
      logger: createLogger({ destination: { write: (t: string) => void (out += t) } }),
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/api/categories`, {
      headers: { 'X-Request-Id': 'boom-1' },
    });
    const body = (await res.json()) as Record<string, unknown>;
    server.close();
    expect(res.status).toBe(500);
    expect(body).toEqual({ message: 'Something went wrong', code: 'internal', requestId: 'boom-1' });
    await expect.poll(() => out).toContain('boom-1');
    const line = JSON.parse(out.trim().split('\n').at(-1)!) as { level: string; err: { stack: string } };
    expect(line.level).toBe('error');
    expect(line.err.stack).toContain('disk on fire');
  });
});
