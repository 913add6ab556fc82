/** Text files of the web app and cached catalogue answers go out compressed when the client takes it. */
import { request } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from './compression';
import type { TestServer } from '#server/test/test-server';
import { startTestServer } from '#server/test/test-server';

let srv: TestServer;
let dist: string;
const script = `console.log(${JSON.stringify('threadline '.repeat(500))});`;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'threadline-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Threadline</title>');
  await writeFile(join(dist, 'assets', 'app-1a2b3c.js'), script);
  srv = await startTestServer({ distDir: dist });
});
afterAll(async () => {
  await srv.close();
  await rm(dist, { recursive: true, force: true });
});

/** Raw bytes and headers (fetch would decompress on its own and hide what was sent). */
function get(
  path: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${srv.baseUrl}${path}`,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('compression', () => {
  it('picks br, then gzip, honours q=0, and nothing when not asked', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it('a built script goes out as brotli or gzip, the same bytes once decoded', async () => {
    const br = await get('/assets/app-1a2b3c.js', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 5);
    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('a cached product list is compressed with its ETag unchanged', async () => {
    const plain = await get('/api/products?limit=100');
    const gz = await get('/api/products?limit=100', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).toBe(plain.headers.etag);
    expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString());
  });
});
