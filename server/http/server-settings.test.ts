/**
 * The HTTP server limits, on the test server (which uses the same createLimitedServer as index.ts), with
 * short values so the test is quick: a client dribbling its headers is cut off, and connections past the
 * cap are closed on arrival while the ones inside it are served.
 */
import { createConnection } from 'node:net';
import type { Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import type { TestServer } from '#server/test/test-server';
import { startTestServer } from '#server/test/test-server';
import { DEFAULT_SERVER_LIMITS } from './server-settings';

let srv: TestServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await srv?.close();
  srv = undefined;
});

function connect(baseUrl: string): Promise<Socket> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const s = createConnection({ host: hostname, port: Number(port) }, () => resolve(s));
    s.once('error', reject);
    sockets.push(s);
  });
}

/** Resolves with what the server sent and how long after `since` it closed the socket. */
function closed(s: Socket, since: number): Promise<{ ms: number; data: string }> {
  let data = '';
  s.on('data', (d: Buffer) => (data += d.toString()));
  s.on('error', () => undefined); // a reset counts as closed too
  return new Promise((resolve) => s.once('close', () => resolve({ ms: Date.now() - since, data })));
}

it('the production defaults are the documented ones', () => {
  expect(DEFAULT_SERVER_LIMITS).toMatchObject({
    headersTimeout: 15_000,
    requestTimeout: 120_000,
    keepAliveTimeout: 5_000,
    maxConnections: 1000,
  });
});

it('a client that sends half a request line and then nothing is cut off within headersTimeout', async () => {
  srv = await startTestServer({ limits: { headersTimeout: 300 } });
  const s = await connect(srv.baseUrl);
  const start = Date.now();
  s.write('GET /api/hea');
  const { ms, data } = await closed(s, start);
  expect(data).toMatch(/^HTTP\/1\.1 408/);
  expect(ms).toBeGreaterThanOrEqual(250);
  // headersTimeout plus one sweep of the connection list (headersTimeout / 5), with room for a busy machine.
  expect(ms).toBeLessThan(2_000);
});

it('connections past maxConnections are closed on arrival; those within it are served', async () => {
  srv = await startTestServer({ limits: { maxConnections: 2 } });
  const a = await connect(srv.baseUrl);
  const b = await connect(srv.baseUrl);
  // Both must be counted by the server before the third arrives: one full round trip on each proves it.
  const health = (s: Socket) =>
    new Promise<string>((resolve) => {
      s.once('data', (d: Buffer) => resolve(d.toString()));
      s.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    });
  expect(await health(a)).toMatch(/^HTTP\/1\.1 200/);
  expect(await health(b)).toMatch(/^HTTP\/1\.1 200/);

  const c = await connect(srv.baseUrl);
  const refused = closed(c, Date.now());
  c.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
  expect((await refused).data).toBe('');

  // The two inside the cap still work (keep-alive), and a slot freed is a slot for the next client.
  expect(await health(a)).toMatch(/^HTTP\/1\.1 200/);
  const freed = closed(b, Date.now());
  b.end();
  await freed;
  // The server counts the slot free once its side has closed too, a moment after ours: retry briefly.
  let answer = '';
  for (let i = 0; i < 20 && !answer; i++) {
    const d = await connect(srv.baseUrl);
    const gone = closed(d, 0).then(() => '');
    answer = await Promise.race([health(d), gone]);
    if (!answer) await new Promise((r) => setTimeout(r, 50));
  }
  expect(answer).toMatch(/^HTTP\/1\.1 200/);
});
