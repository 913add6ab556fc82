/**
 * Responsive widths: made as WebP on first request, never wider than the original, cached as immutable,
 * and only ever one width of an original: no other name makes a file (upload-names.ts).
 */
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '#tests/contract/client';
import type { TestServer } from '#server/test/test-server';
import { startTestServer, TEST_ADMIN } from '#server/test/test-server';

let srv: TestServer;
const c = createClient(() => ({ baseUrl: srv.baseUrl, admin: TEST_ADMIN }));
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

const uploads = () => join(srv.dataDir, 'uploads');
const listing = async () => (await readdir(uploads(), { recursive: true })).sort();
const get = (path: string) => fetch(`${srv.baseUrl}${path}`);

/** An original placed as fs-image-storage would store it. */
async function placeOriginal(width: number, height: number): Promise<string> {
  const hash = createHash('sha256').update(`${width}x${height}:${Math.random()}`).digest('hex');
  await writeFile(join(uploads(), `${hash}.png`), await png(width, height));
  return hash;
}

async function placeDemo(name: string, width: number, height: number): Promise<void> {
  await mkdir(join(uploads(), 'demo'), { recursive: true });
  await writeFile(
    join(uploads(), 'demo', `${name}.webp`),
    await sharp(await png(width, height))
      .webp()
      .toBuffer(),
  );
}

const widthOf = async (res: Response) => (await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width;

describe('image widths', () => {
  it('an uploaded image is served at 320, 640 and 960 px as WebP, made once and cached for a year', async () => {
    const admin = await c.adminToken();
    const bytes = await png(1200, 1500);
    const r = await c.call('addProductImages', {
      token: admin,
      params: { id: 1 },
      body: { images: [`data:image/png;base64,${bytes.toString('base64')}`] },
    });
    expect(r.status).toBe(201);
    const url = (r.body.images as { url: string }[]).at(-1)!.url;
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/);
    for (const w of [320, 640, 960]) {
      const res = await fetch(`${srv.baseUrl}${url.replace(/\.png$/, `-${w}.webp`)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect(await widthOf(res)).toBe(w);
    }
    const file = join(srv.dataDir, 'uploads', url.slice('/uploads/'.length).replace(/\.png$/, '-640.webp'));
    const made = (await stat(file)).mtimeMs;
    await fetch(`${srv.baseUrl}${url.replace(/\.png$/, '-640.webp')}`);
    expect((await stat(file)).mtimeMs).toBe(made);
  });

  it('other widths, missing originals and paths outside uploads are 404', async () => {
    const hash = 'a'.repeat(64);
    for (const path of [
      `/uploads/${hash}-500.webp`,
      `/uploads/${hash}-320.webp`,
      '/uploads/..%2F..%2Fetc-320.webp',
    ])
      expect((await fetch(`${srv.baseUrl}${path}`)).status, path).toBe(404);
  });

  it('a demo picture is never enlarged, and its widths are remade when the picture changes', async () => {
    await placeDemo('shirt', 800, 1000);
    const res = await get('/uploads/demo/shirt-960.webp');
    expect(res.status).toBe(200);
    expect(await widthOf(res)).toBe(800);
    await placeDemo('shirt', 400, 500);
    const again = await get('/uploads/demo/shirt-960.webp');
    expect(await widthOf(again)).toBe(400);
  });

  it('a width of a demo picture named as the demo catalogue names them is made, never wider than asked', async () => {
    await placeDemo('product-tee-navy-front', 800, 1000);
    for (const w of [320, 640]) {
      const res = await get(`/uploads/demo/product-tee-navy-front-${w}.webp`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(await widthOf(res)).toBeLessThanOrEqual(w);
    }
  });

  it('a width of a width is a 404 and makes no file, even once the first width exists', async () => {
    const hash = await placeOriginal(1000, 800);
    await placeDemo('coat', 800, 1000);
    expect((await get(`/uploads/${hash}-320.webp`)).status).toBe(200);
    expect((await get('/uploads/demo/coat-640.webp')).status).toBe(200);
    const before = await listing();
    for (const path of [
      `/uploads/${hash}-320-640.webp`,
      `/uploads/${hash}-320-320.webp`,
      `/uploads/${hash}-320-640-960.webp`,
      '/uploads/demo/coat-640-320.webp',
      '/uploads/demo/coat-640-320-960.webp',
    ])
      expect((await get(path)).status, path).toBe(404);
    expect(await listing()).toEqual(before);
  });

  it('unknown and malformed names are 404 and make no file, even next to an existing original', async () => {
    const hash = await placeOriginal(400, 400);
    await placeDemo('scarf', 400, 400);
    const before = await listing();
    for (const path of [
      `/uploads/${hash}-500.webp`,
      `/uploads/${hash}-0320.webp`,
      `/uploads/${hash}-320.png`,
      `/uploads/${hash}-320.WEBP`,
      `/uploads/${hash.toUpperCase()}-320.webp`,
      `/uploads/${hash}.jpeg`,
      `/uploads/${hash}.png-320.webp`,
      `/uploads/%${hash.charCodeAt(0).toString(16)}${hash.slice(1)}-320.webp`,
      `/uploads/sub/${hash}-320.webp`,
      '/uploads/scarf-320.webp',
      '/uploads/demo/Scarf-320.webp',
      '/uploads/demo/scarf-320.png',
      '/uploads/demo/scarf--320.webp',
      '/uploads/demo/..%2Fscarf-320.webp',
      '/uploads/demo/x/scarf-320.webp',
      '/uploads/demo/missing-320.webp',
      `/uploads/demo/${'a'.repeat(300)}-320.webp`,
      '/uploads/',
      '/uploads/demo/',
    ])
      expect((await get(path)).status, path).toBe(404);
    expect(await listing()).toEqual(before);
  });
});
