/**
 * Demo pictures on first request: a fresh demo shop answers a picture the background run has not written yet
 * by rendering it there and then (once, however many ask at the same time), unknown names stay a 404 that
 * writes nothing, and no miss is ever kept.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoImageNames } from '#fixtures/demo-image-list';
import { isDemoImageName, renderDemoImageOnRequest } from '#fixtures/demo-images-node';
import { generateDemoStore } from '#fixtures/generate';
import type { DemoPictureSource } from '#server/store/demo-pictures';
import type { TestServer } from '#server/test/test-server';
import { startTestServer } from '#server/test/test-server';
import { tinyDemoStore } from '#server/test/tiny-seed';

/** The tiny store's pictures, drawn as flat WebP squares; counts renders per name and can fail on purpose. */
function fakeRenderer() {
  const renders = new Map<string, number>();
  const failing = new Set<string>();
  const names = new Set(['product-1', 'product-2', 'product-3', 'product-4', 'product-5', 'cat-t-shirts']);
  const source: DemoPictureSource = {
    has: (name) => names.has(name),
    async render(name) {
      renders.set(name, (renders.get(name) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 50)); // long enough for requests to overlap
      if (failing.has(name)) throw new Error('renderer failed');
      return sharp({ create: { width: 800, height: 1000, channels: 3, background: '#336699' } })
        .webp()
        .toBuffer();
    },
  };
  return { source, renders, failing };
}

const listing = async (dir: string) => (await readdir(dir, { recursive: true }).catch(() => [])).sort();
const widthOf = async (res: Response) => (await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width;

describe('demo pictures made on first request', () => {
  let srv: TestServer;
  const fake = fakeRenderer();
  const get = (path: string) => fetch(`${srv.baseUrl}${path}`);
  const uploads = () => join(srv.dataDir, 'uploads');

  beforeAll(async () => {
    // No writeImages: the background run has not written anything, as in the first seconds of a first start.
    srv = await startTestServer({ demo: { store: tinyDemoStore, pictures: fake.source } });
  });
  afterAll(() => srv.close());

  it('a picture the background run has not written yet is rendered, written where it would be, and served', async () => {
    expect(await listing(join(uploads(), 'demo'))).toEqual([]);
    const res = await get('/uploads/demo/product-1.webp');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await widthOf(res)).toBe(800);
    expect(await listing(join(uploads(), 'demo'))).toEqual(['product-1.webp']);
    expect((await get('/uploads/demo/product-1.webp')).status).toBe(200);
    expect(fake.renders.get('product-1')).toBe(1);
  });

  it('a width of a picture not written yet renders the picture first, then the width', async () => {
    const res = await get('/uploads/demo/product-2-320.webp');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(await widthOf(res)).toBe(320);
    expect(await listing(join(uploads(), 'demo'))).toEqual(
      expect.arrayContaining(['product-2.webp', 'product-2-320.webp']),
    );
    expect(fake.renders.get('product-2')).toBe(1);
  });

  it('10 requests at once for one picture share one render', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        get(i % 2 ? '/uploads/demo/product-3.webp' : '/uploads/demo/product-3-640.webp'),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(fake.renders.get('product-3')).toBe(1);
  });

  it('an unknown demo name is a 404 that renders and writes nothing, and is not cached', async () => {
    const before = await listing(uploads());
    for (const path of [
      '/uploads/demo/nothing-here.webp',
      '/uploads/demo/nothing-here-320.webp',
      '/uploads/demo/category-anything.webp',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('etag'), path).toBeNull();
      expect(res.headers.get('last-modified'), path).toBeNull();
    }
    expect(await listing(uploads())).toEqual(before);
    expect([...fake.renders.keys()]).not.toContain('nothing-here');
  });

  it('a render that fails is a 404 that is not remembered: the next request renders again', async () => {
    fake.failing.add('product-4');
    const miss = await get('/uploads/demo/product-4.webp');
    expect(miss.status).toBe(404);
    expect(miss.headers.get('cache-control')).toBe('no-store');
    expect(await listing(join(uploads(), 'demo'))).not.toContain('product-4.webp');
    fake.failing.delete('product-4');
    const hit = await get('/uploads/demo/product-4.webp');
    expect(hit.status).toBe(200);
    expect(fake.renders.get('product-4')).toBe(2);
  });
});

describe('with the real demo renderer', () => {
  let srv: TestServer;
  let cache: string;
  const name = demoImageNames(generateDemoStore()).find((n) => n.startsWith('product-'))!;

  beforeAll(async () => {
    cache = await mkdtemp(join(tmpdir(), 'threadline-no-demo-cache-'));
    srv = await startTestServer({
      demo: {
        store: tinyDemoStore,
        pictures: { has: isDemoImageName, render: (n) => renderDemoImageOnRequest(n, cache) },
      },
    });
  });
  afterAll(async () => {
    await srv.close();
    await rm(cache, { recursive: true, force: true });
  });

  it('renders a picture of the demo store on request and refuses names it would draw but the store never uses', async () => {
    const res = await fetch(`${srv.baseUrl}/uploads/demo/${name}-320.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(await widthOf(res)).toBe(320);
    // category-<anything> draws a tile for any slug: only the demo store's own names may make a file.
    const before = await listing(join(srv.dataDir, 'uploads'));
    expect((await fetch(`${srv.baseUrl}/uploads/demo/category-made-up-slug.webp`)).status).toBe(404);
    expect(await listing(join(srv.dataDir, 'uploads'))).toEqual(before);
  });
});

describe('a shop that is not a demo shop', () => {
  it('renders no demo picture on request: its catalogue was there already and it holds no demo pictures', async () => {
    const fake = fakeRenderer();
    const dir = await mkdtemp(join(tmpdir(), 'threadline-not-demo-'));
    try {
      await (await startTestServer({ dataDir: dir, demo: { store: tinyDemoStore } })).close();
      const srv = await startTestServer({
        dataDir: dir,
        demo: { store: tinyDemoStore, pictures: fake.source },
      });
      try {
        expect(srv.backend.demoPictures).toBeUndefined();
        expect((await fetch(`${srv.baseUrl}/uploads/demo/product-1.webp`)).status).toBe(404);
        expect(fake.renders.size).toBe(0);
      } finally {
        await srv.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
