/**
 * Anyone may ask for a width, so resizing is bounded: a few sharp jobs at once across the process, a
 * bounded wait list answered with 503 past it, and originals over the pixel limit refused, not decoded.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_INPUT_PIXELS,
  resetVariantJobPeak,
  VARIANT_JOBS,
  variantGate,
  variantJobStats,
} from '#server/store/image-variants';
import type { TestServer } from '#server/test/test-server';
import { startTestServer } from '#server/test/test-server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const uploads = () => join(srv.dataDir, 'uploads');
const listing = async () => (await readdir(uploads(), { recursive: true })).sort();
const get = (path: string) => fetch(`${srv.baseUrl}${path}`);

/** Stores `png` as fs-image-storage would, under its SHA-256 name; returns that name's stem. */
async function placeOriginal(png: Buffer): Promise<string> {
  const hash = createHash('sha256').update(png).digest('hex');
  await writeFile(join(uploads(), `${hash}.png`), png);
  return hash;
}

/** Noise does not compress, so each resize takes long enough for requests to overlap. */
const noisePng = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();

describe('resize limits', () => {
  it(`20 widths asked at once run at most ${VARIANT_JOBS.concurrency} sharp jobs at a time, and all arrive`, async () => {
    const stems = await Promise.all(
      Array.from({ length: 7 }, async () => placeOriginal(await noisePng(600))),
    );
    const asks = stems.flatMap((s) => [320, 640, 960].map((w) => ({ path: `/uploads/${s}-${w}.webp`, w })));
    resetVariantJobPeak();
    const answers = await Promise.all(
      asks.slice(0, 20).map(async ({ path, w }) => {
        const res = await get(path);
        const bytes = Buffer.from(await res.arrayBuffer());
        return {
          status: res.status,
          type: res.headers.get('content-type'),
          w,
          got: res.ok ? (await sharp(bytes).metadata()).width : 0,
        };
      }),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.type).toBe('image/webp');
      expect(a.got).toBeLessThanOrEqual(a.w);
    }
    // Equal, not just at most: the jobs did overlap, so the bound was tested rather than never reached.
    expect(variantJobStats().peak).toBe(VARIANT_JOBS.concurrency);
  });

  it('answers 503 storage_unavailable with Retry-After when the wait list is full, and makes nothing', async () => {
    const stem = await placeOriginal(await noisePng(64));
    let release = (): void => undefined;
    const blocker = new Promise<void>((resolve) => (release = resolve));
    const held = Array.from({ length: VARIANT_JOBS.concurrency + VARIANT_JOBS.maxQueue }, () =>
      variantGate.tryRun(() => blocker),
    );
    try {
      expect(held.every(Boolean)).toBe(true);
      const before = await listing();
      const busy = await get(`/uploads/${stem}-320.webp`);
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('2');
      expect(busy.headers.get('cache-control')).toContain('no-store');
      expect(await busy.json()).toMatchObject({ code: 'storage_unavailable', message: expect.any(String) });
      expect(await listing()).toEqual(before);
    } finally {
      release();
      await Promise.all(held);
    }
    expect((await get(`/uploads/${stem}-320.webp`)).status).toBe(200);
  });

  it('an original over the pixel limit gets no widths (404, no file) and the server carries on', async () => {
    // Over the limit in pixels, yet a few kilobytes: the shape of a decompression bomb.
    const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 100;
    const bomb = await sharp({ create: { width: side, height: side, channels: 3, background: '#ffffff' } })
      .png({ palette: true, colours: 2, compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(2_000_000);
    const stem = await placeOriginal(bomb);
    const before = await listing();
    for (const w of [320, 960]) expect((await get(`/uploads/${stem}-${w}.webp`)).status).toBe(404);
    expect(await listing()).toEqual(before);
    const fine = await placeOriginal(await noisePng(100));
    expect((await get(`/uploads/${fine}-320.webp`)).status).toBe(200);
  });
});
