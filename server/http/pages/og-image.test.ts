/**
 * The link-preview picture (issue 28): /uploads/<original stem>-og.jpg is a 1200 × 630 JPEG under
 * 300 kB, made on first request like the widths, whatever the original's size or content; no other
 * name makes one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '#server/test/test-server';
import { startTestServer } from '#server/test/test-server';
import { ogImagePath, parseUploadName } from '#server/store/upload-names';
import { OG_MAX_BYTES } from '#server/store/image-variants';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const uploads = () => join(srv.dataDir, 'uploads');

/** Noise: the worst case for JPEG's size. */
const noisePng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();

async function place(bytes: Buffer): Promise<string> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  await writeFile(join(uploads(), `${hash}.png`), bytes);
  return hash;
}

describe('the link-preview picture', () => {
  it.each([
    [640, 480],
    [2400, 1800],
  ])('of a %i × %i noisy original is a 1200 × 630 JPEG under 300 kB, cached as immutable', async (w, h) => {
    const hash = await place(await noisePng(w, h));
    const res = await fetch(`${srv.baseUrl}/uploads/${hash}-og.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBeLessThan(OG_MAX_BYTES);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });

  it("shows the whole of a portrait photo (collar and hem kept) on the photo's own ground", async () => {
    // 400 × 800, a sand ground, a red band across the top tenth (the collar) and a blue one across the bottom.
    const w = 400;
    const h = 800;
    const raw = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const rgb =
          y < 80 && x > 100 && x < 300
            ? [200, 0, 0]
            : y >= 720 && x > 100 && x < 300
              ? [0, 0, 200]
              : [238, 235, 227];
        raw.set(rgb, (y * w + x) * 3);
      }
    const hash = await place(
      await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
        .png()
        .toBuffer(),
    );
    const res = await fetch(`${srv.baseUrl}/uploads/${hash}-og.jpg`);
    const out = await sharp(Buffer.from(await res.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...out.data.subarray((y * 1200 + x) * 3, (y * 1200 + x) * 3 + 3)];
    const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) < 24);
    expect(near(at(600, 10), [200, 0, 0]), `top centre ${at(600, 10).join(',')}`).toBe(true);
    expect(near(at(600, 620), [0, 0, 200]), `bottom centre ${at(600, 620).join(',')}`).toBe(true);
    for (const [x, y] of [
      [5, 5],
      [1194, 5],
      [5, 624],
      [1194, 624],
    ] as const)
      expect(near(at(x, y), [238, 235, 227]), `corner ${x},${y}`).toBe(true);
  });

  it('is named only for an original we store; no other name makes a file', async () => {
    const hash = await place(await noisePng(64, 64));
    expect(ogImagePath(`/uploads/${hash}.png`)).toBe(`/uploads/${hash}-og.jpg`);
    expect(ogImagePath('/uploads/demo/shirt.webp')).toBe('/uploads/demo/shirt-og.jpg');
    expect(ogImagePath('https://cdn.example/x.png')).toBeNull();
    expect(ogImagePath(`/uploads/${hash}-320.webp`)).toBeNull();
    for (const name of [`${hash}-og.webp`, `${hash}-og-og.jpg`, `${hash}-320-og.jpg`, `demo/x-og.webp`])
      expect(parseUploadName(name), name).toBeNull();
    const before = (await readdir(uploads())).sort();
    for (const name of [`${hash}-og.webp`, `${hash}-og-og.jpg`, `${'0'.repeat(64)}-og.jpg`])
      expect((await fetch(`${srv.baseUrl}/uploads/${name}`)).status, name).toBe(404);
    expect((await readdir(uploads())).sort()).toEqual(before);
  });
});
