/** Issue 30: the request log and request ids, against the real app with the log captured. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '#server/core/api/handle';
import { createApp } from '#server/http/app';
import { createLogger } from '#server/ops/logger';
import type { FinishedLine } from '#server/http/middleware/request-log';
import { RequestLines } from '#server/http/middleware/request-log';
import { routePattern } from '#server/http/route-pattern';
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

describe('the request line written by hand', () => {
  const capture = () => {
    let out = '';
    return {
      logger: createLogger({ destination: { write: (t: string) => void (out += t) } }),
      text: () => out,
    };
  };
  const withoutTime = (line: string) => line.replace(/,"time":"[^"]*"/, '');

  it('is the line pino writes for the same fields, in the same order', () => {
    const cases: FinishedLine[] = [
      {
        id: 'a1',
        method: 'GET',
        path: '/api/products',
        status: 200,
        seconds: 0.00012,
        bytes: 6727,
        ip: '127.0.0.1',
      },
      {
        id: 'b2',
        method: 'POST',
        path: '/api/orders',
        status: 400,
        seconds: 0.0123,
        bytes: 88,
        userId: 12,
        ip: '::1',
        code: 'validation_error',
        aborted: true,
      },
      {
        id: 'c3',
        method: 'GET',
        path: '/api/x"y\\z\u2028\u00e9\n',
        status: 404,
        seconds: 1.5,
        bytes: 0,
        ip: '',
      },
      {
        id: '7219e804-3d57-44a6-a602-33a4d044126c',
        method: 'GET',
        path: '/api/"quoted"',
        status: 200,
        seconds: 0.0004,
        bytes: 12,
        ip: '::ffff:127.0.0.1',
      },
    ];
    for (const f of cases) {
      const hand = capture();
      new RequestLines(hand.logger).record(f);
      const viaPino = capture();
      const route = routePattern(f.method, f.path);
      const line: Record<string, unknown> = {
        reqId: f.id,
        method: f.method,
        route,
        path: f.path,
        status: f.status,
        ms: Math.round(f.seconds * 10000) / 10,
        bytes: f.bytes,
        user: f.userId,
        ip: f.ip,
      };
      if (f.code) line.code = f.code;
      if (f.aborted) line.aborted = true;
      viaPino.logger.info(line, 'request');
      expect(hand.text()).toMatch(/^\{"level":"info","time":"[^"]+",.*\}\n$/s);
      expect(withoutTime(hand.text())).toBe(withoutTime(viaPino.text()));
      expect(JSON.parse(hand.text())).toMatchObject({ reqId: f.id, path: f.path, msg: 'request' });
    }
  });

  it('follows the level: nothing at warn', () => {
    let out = '';
    const logger = createLogger({ level: 'warn', destination: { write: (t: string) => void (out += t) } });
    new RequestLines(logger).record({
      id: 'q',
      method: 'GET',
      path: '/',
      status: 200,
      seconds: 0,
      bytes: 0,
      ip: '',
    });
    expect(out).toBe('');
  });
});
