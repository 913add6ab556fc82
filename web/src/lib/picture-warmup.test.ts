import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { catalogQuerySchema, runCatalogQuery } from '#contract/rules/catalog-query';
import { demoData } from '#web/test/catalog-store';
import { freshDbPerTest } from '#web/test/fresh-db';
import { syncCatalogue } from './catalogue-sync';
import { CatalogueDb, setCatalogueDb } from './db';
import {
  FEATURED_SHOWN,
  listPicturesToWarm,
  MAX_WARM_PICTURES,
  PICTURE_BUDGET_BYTES,
  pictureBudget,
  picturesToWarm,
  SAVE_DATA_BUDGET_BYTES,
  warmPictures,
  warmPicturesAfterSync,
  warmUrl,
  type WarmupDeps,
} from './picture-warmup';

const noPause = async () => undefined;
const picture = (bytes: number, status = 200) =>
  new Response(new Uint8Array(bytes), { status, headers: { 'content-type': 'image/webp' } });
const cachedPicture = (bytes: number) =>
  new Response(null, { headers: { 'content-length': String(bytes), 'content-type': 'image/webp' } });

/** A cache holding `entries` (absolute URL -> bytes), and a network answering `answer(url)`, one request at a time. */
function fakes(entries: Record<string, number>, answer: (url: string) => Response | Promise<Response>) {
  const requested: string[] = [];
  let inFlight = 0;
  let peak = 0;
  const cache: WarmupDeps['cache'] = {
    match: async (req) => {
      const url = req instanceof Request ? req.url : String(req);
      const bytes = entries[url];
      return bytes === undefined ? undefined : cachedPicture(bytes);
    },
  };
  const fetch = async (url: string) => {
    requested.push(url);
    inFlight++;
    peak = Math.max(peak, inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return await answer(url);
    } finally {
      inFlight--;
    }
  };
  return { cache, fetch, requested, peak: () => peak };
}

const at = (path: string) => new URL(path, location.href).href;
const urls = (n: number) => Array.from({ length: n }, (_, i) => `/uploads/demo/p${i}-320.webp`);
const deps = (f: ReturnType<typeof fakes>, over: Partial<WarmupDeps> = {}): WarmupDeps => ({
  fetch: f.fetch,
  cache: f.cache,
  pause: noPause,
  budget: PICTURE_BUDGET_BYTES,
  maxPictures: MAX_WARM_PICTURES,
  ...over,
});

describe('which pictures', () => {
  it('takes the 320 px width of stored pictures only', () => {
    expect(warmUrl('/uploads/demo/product-tee-navy-front.webp')).toBe(
      '/uploads/demo/product-tee-navy-front-320.webp',
    );
    expect(warmUrl(`/uploads/${'ab'.repeat(32)}.png`)).toBe(`/uploads/${'ab'.repeat(32)}-320.webp`);
    for (const src of [
      null,
      undefined,
      '',
      'https://cdn.test/x.png',
      'data:image/png;base64,AAAA',
      '/uploads/x-320.webp',
    ])
      expect(warmUrl(src), String(src)).toBeNull();
  });

  it('featured first, then the category tiles, then the listing pages in turns, each picture once', () => {
    const p = (name: string | null) => ({ featured_image: name && `/uploads/demo/${name}.webp` });
    const got = picturesToWarm(
      [p('f1'), p('f2'), p(null)],
      [{ image: '/uploads/demo/cat-a.webp' }, { image: null }],
      [
        [p('f1'), p('a1'), p('a2'), p('a3')],
        [p('b1'), p('f2')],
        [p('c1'), p('c2')],
      ],
    );
    expect(got).toEqual(
      ['f1', 'f2', 'cat-a', 'b1', 'c1', 'a1', 'c2', 'a2', 'a3'].map((n) => `/uploads/demo/${n}-320.webp`),
    );
  });

  it('lists the home page’s featured products and the first page of every category, as the screens ask for them', async () => {
    const demo = await demoData();
    let pauses = 0;
    const got = await listPicturesToWarm(demo.categories, async () => void pauses++);
    expect(pauses).toBe(demo.categories.length + 1);
    const query = (q: Record<string, unknown>) =>
      runCatalogQuery(demo.products, catalogQuerySchema.parse(q)).items;
    const featured = query({ limit: 20 }).slice(0, FEATURED_SHOWN);
    const pages = [undefined, ...demo.categories.map((c) => c.slug)].map((category) =>
      query({ page: 1, limit: 12, sort: 'latest', category }),
    );
    expect(got).toEqual(picturesToWarm(featured, demo.categories, pages));
    expect(got.slice(0, FEATURED_SHOWN)).toEqual(featured.map((p) => warmUrl(p.featured_image)));
    for (const page of pages) for (const p of page) expect(got).toContain(warmUrl(p.featured_image));
    expect(new Set(got).size).toBe(got.length);
  });
});

describe('keeping them', () => {
  it('fetches what is not cached one at a time, skips what is (at any width) and counts every byte', async () => {
    const f = fakes({ [at('/uploads/demo/p0-320.webp')]: 100, [at('/uploads/demo/p2-960.webp')]: 400 }, () =>
      picture(50),
    );
    let pauses = 0;
    const report = await warmPictures(urls(5), deps(f, { pause: async () => void pauses++ }));
    expect(f.requested).toEqual([
      '/uploads/demo/p1-320.webp',
      '/uploads/demo/p3-320.webp',
      '/uploads/demo/p4-320.webp',
    ]);
    expect(f.peak()).toBe(1);
    expect(pauses).toBe(3);
    expect(report).toEqual({
      kept: 5,
      fetched: 3,
      fetchedBytes: 150,
      bytes: 650,
      failed: 0,
      stopped: 'done',
    });
  });

  it('stops before a picture that would likely go over the budget', async () => {
    const f = fakes({}, () => picture(1000));
    const report = await warmPictures(urls(10), deps(f, { budget: 3500 }));
    expect(report).toMatchObject({ fetched: 3, bytes: 3000, stopped: 'budget' });
    // Cached pictures count too: what is already kept leaves less room.
    const g = fakes({ [at('/uploads/demo/p0-320.webp')]: 2000 }, () => picture(1000));
    expect(await warmPictures(urls(10), deps(g, { budget: 3500 }))).toMatchObject({
      kept: 2,
      fetched: 1,
      stopped: 'budget',
    });
  });

  it('keeps at most maxPictures, and the budget is smaller with data saver on', async () => {
    const f = fakes({}, () => picture(10));
    expect(await warmPictures(urls(10), deps(f, { maxPictures: 4 }))).toMatchObject({
      kept: 4,
      stopped: 'count',
    });
    expect(pictureBudget(undefined)).toBe(15 * 1024 * 1024);
    expect(pictureBudget({ saveData: false })).toBe(PICTURE_BUDGET_BYTES);
    expect(pictureBudget({ saveData: true })).toBe(SAVE_DATA_BUDGET_BYTES);
    expect(SAVE_DATA_BUDGET_BYTES).toBe(3 * 1024 * 1024);
    expect(MAX_WARM_PICTURES).toBe(150);
  });

  it('passes over a 404, and stops at once when offline or when the server is busy', async () => {
    const missing = fakes({}, (url) => (url.includes('p1-') ? picture(0, 404) : picture(10)));
    expect(await warmPictures(urls(3), deps(missing))).toMatchObject({ kept: 2, failed: 1, stopped: 'done' });
    const offline = fakes({}, (url) =>
      url.includes('p1-') ? Promise.reject(new TypeError('Failed to fetch')) : picture(10),
    );
    expect(await warmPictures(urls(3), deps(offline))).toMatchObject({ kept: 1, stopped: 'offline' });
    expect(offline.requested).toHaveLength(2);
    const busy = fakes({}, () => picture(0, 503));
    expect(await warmPictures(urls(3), deps(busy))).toMatchObject({ kept: 0, stopped: 'busy' });
    expect(busy.requested).toHaveLength(1);
  });
});

const controlledBy = (scriptURL: string) =>
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { controller: { scriptURL } },
    configurable: true,
  });

describe('after the catalogue sync', () => {
  freshDbPerTest(CatalogueDb, setCatalogueDb, () => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('does nothing unless our service worker controls the page (none, or MSW’s in demo mode)', async () => {
    const fetch = vi.fn();
    expect(await warmPicturesAfterSync([], { fetch })).toBeNull();
    expect(document.documentElement.dataset.pictureWarmup).toBe('skipped');
    controlledBy('http://localhost/mockServiceWorker.js');
    vi.stubGlobal('caches', { open: vi.fn() });
    expect(await warmPicturesAfterSync([], { fetch })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a successful sync hands the categories to the warm-up, which fetches through the worker', async () => {
    const demo = await demoData();
    controlledBy('http://localhost/sw.js');
    const f = fakes({}, () => picture(3000));
    vi.stubGlobal('caches', { open: async () => f.cache });
    let report: Promise<unknown> = Promise.resolve();
    await syncCatalogue({
      pause: noPause,
      afterSync: (categories) =>
        (report = warmPicturesAfterSync(categories, { fetch: f.fetch, pause: noPause })),
    });
    const done = await report;
    expect(done).toMatchObject({ stopped: 'done', failed: 0 });
    expect(f.requested.length).toBeGreaterThan(demo.categories.length);
    expect(f.requested.every((u) => u.endsWith('-320.webp'))).toBe(true);
    expect(document.documentElement.dataset.pictureWarmup).toBe('done');
  });
});
