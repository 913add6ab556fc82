/**
 * The CSV calls on the wire, where only the Koa server can be watched: the import's caller is checked
 * before a byte of its body is awaited, a download streams chunked with the security headers and is
 * compressed on the fly when the client takes it, and a client gone half-way does not hurt the server.
 */
import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, endpoints } from '#contract/endpoints';
import type { TestServer } from '#server/test/test-server';
import { startTestServer, TEST_ADMIN } from '#server/test/test-server';

let srv: TestServer;
let admin = '';
let shopper = '';

beforeAll(async () => {
  srv = await startTestServer();
  const { core } = srv.backend;
  admin = (await core.auth.login(TEST_ADMIN)).token;
  const creds = { email: 'csv-shopper@threadline.test', password: 'csv-shopper-1' };
  await core.auth.createUser({ name: 'CSV Shopper', phone: '', isAdmin: false, ...creds });
  shopper = (await core.auth.login(creds)).token;
  // Enough products for a file of several chunks.
  const rows = Array.from({ length: 1_200 }, (_, i) => `Wire Tee ${i},${i + 1}.25,"<p>Soft, ${i}</p>"`);
  await core.csv.importProducts(
    (await core.auth.authenticate(admin))!.user,
    ['title,regular_price,description', ...rows].join('\r\n'),
    false,
  );
});
afterAll(() => srv.close());

/** A GET as the admin, its raw (undecoded) bytes and headers. */
function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ res: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${srv.baseUrl}${API_BASE}${path}`,
      { headers: { authorization: `Bearer ${admin}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ res, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('CSV on the wire (Koa)', () => {
  it('checks the caller before awaiting a byte of a large import body', async () => {
    const status = (token: string) =>
      new Promise<string>((resolve, reject) => {
        const url = new URL(srv.baseUrl);
        const sock = connect(Number(url.port), url.hostname, () => {
          sock.write(
            `POST ${API_BASE}${endpoints.importProducts.path} HTTP/1.1\r\nHost: x\r\nContent-Type: text/csv\r\n` +
              `Authorization: Bearer ${token}\r\nContent-Length: ${16 * 1024 * 1024}\r\n\r\n`,
          );
        });
        let text = '';
        sock.on('data', (d) => {
          text += d.toString();
          if (text.includes('\r\n\r\n')) {
            sock.destroy();
            resolve(text.slice(0, 12));
          }
        });
        sock.on('error', reject);
        setTimeout(() => reject(new Error('no answer within 3 s: the body was awaited')), 3000);
      });
    expect(await status(shopper)).toBe('HTTP/1.1 403');
    expect(await status('not-a-session')).toBe('HTTP/1.1 401');
  });

  it('streams a download chunked, with the download and security headers', async () => {
    const { res, body } = await get(endpoints.exportProducts.path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="products.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['content-encoding']).toBeUndefined();
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(body.toString('utf8').split('\r\n').length).toBeGreaterThan(1_200);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)(
    'compresses a download on the fly with %s when the client takes it',
    async (encoding, decode) => {
      const plain = await get(endpoints.exportProducts.path);
      const packed = await get(endpoints.exportProducts.path, { 'accept-encoding': encoding });
      expect(packed.res.headers['content-encoding']).toBe(encoding);
      expect(packed.res.headers.vary).toContain('Accept-Encoding');
      expect(packed.body.length).toBeLessThan(plain.body.length / 3);
      expect(decode(packed.body).equals(plain.body)).toBe(true);
    },
  );

  it('an error before the first chunk is an ordinary JSON answer', async () => {
    const { res, body } = await get(`${endpoints.exportOrders.path}?from=2026-01-01`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(JSON.parse(body.toString())).toMatchObject({ code: 'validation_failed' });
  });

  it('a client that leaves half-way costs the server nothing: the next download is whole', async () => {
    await new Promise<void>((resolve, reject) => {
      const req = request(
        `${srv.baseUrl}${API_BASE}${endpoints.exportProducts.path}`,
        { headers: { authorization: `Bearer ${admin}` } },
        (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        },
      );
      req.on('error', () => undefined);
      req.end();
      setTimeout(() => reject(new Error('no first chunk')), 3000);
    });
    const whole = await get(endpoints.exportProducts.path);
    expect(whole.res.statusCode).toBe(200);
    expect(whole.body.toString('utf8').endsWith('\r\n')).toBe(true);
  });
});
