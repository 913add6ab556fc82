import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { runCatalogQuery, catalogQuerySchema } from '#contract/rules/catalog-query';
import { server } from '#mock-api/node';
import { demoData } from '#web/test/catalog-store';
import { freshDbPerTest } from '#web/test/fresh-db';
import { api } from './api-client';
import { cacheKey, cachedApi, READ_TIMEOUT_MS, ReadTimeout, SLOW_NETWORK_MS } from './catalogue-cache';
import { SYNC_MAX_AGE_MS, syncCatalogue, syncIfStale } from './catalogue-sync';
import { copyIfStale } from './catalogue-copy';
import { CatalogueDb, MAX_RESPONSES, setCatalogueDb } from './db';
import { localProductList } from './local-catalogue';

const db = freshDbPerTest(CatalogueDb, setCatalogueDb);

const offline = (path: string, method: 'get' | 'post' = 'get') =>
  server.use(http[method](`*/api${path}`, () => HttpResponse.error()));
const noPause = async () => undefined;

describe('cache keys', () => {
  it('name a query whatever the order of its parameters, without empty ones, as keys kept on devices do', () => {
    const key = cacheKey('listProducts', {
      query: { sort: 'latest', page: 2, name: '', category: 'shirts', maxPrice: 50, minPrice: 10, in_stock: '1' },
    } as never);
    // Byte for byte the key a device stored before (its rows must still match): sorted parameter names.
    expect(key).toBe(
      '["listProducts",{},{"category":"shirts","in_stock":"1","maxPrice":50,"minPrice":10,"page":2,"sort":"latest"},null]',
    );
    const shuffled = { query: { minPrice: 10, in_stock: '1', page: 2, maxPrice: 50, category: 'shirts', sort: 'latest' } };
    expect(cacheKey('listProducts', shuffled as never)).toBe(key);
  });
});

describe('network-first catalogue cache', () => {
  it('answers categories from IndexedDB when the network fails', async () => {
    const online = await cachedApi('listCategories');
    expect(online.length).toBeGreaterThan(0);
    await vi.waitFor(async () => expect(await db().responses.count()).toBe(1));
    offline('/categories');
    expect(await cachedApi('listCategories')).toEqual(online);
  });

  it('answers the same list query and the products it listed after a network failure', async () => {
    const query = { limit: 5, category: (await demoData()).categories[0]?.slug };
    const online = await cachedApi('listProducts', { query });
    await vi.waitFor(async () => expect(await db().productStore.count()).toBe(online.items.length));
    offline('/products');
    offline('/products/:id');
    expect(await cachedApi('listProducts', { query })).toEqual(online);
    const first = online.items[0];
    if (!first) throw new Error('no products');
    expect(await cachedApi('getProduct', { params: { id: first.id } })).toEqual(first);
  });

  it('passes a 5xx on even with a saved copy (a server failure, not offline), and a 404 too (forgetting the product)', async () => {
    const { items } = await cachedApi('listProducts', { query: { limit: 2 } });
    const [a] = items;
    if (!a) throw new Error('no products');
    await vi.waitFor(async () => expect(await db().productStore.get(a.id)).toBeDefined());
    server.use(
      http.get('*/api/products/:id', () =>
        HttpResponse.json({ message: 'down', code: 'unavailable' }, { status: 503 }),
      ),
    );
    await expect(cachedApi('getProduct', { params: { id: a.id } })).rejects.toMatchObject({ status: 503 });
    expect(await db().productStore.get(a.id)).toBeDefined();
    offline('/products/:id');
    expect((await cachedApi('getProduct', { params: { id: a.id } })).id).toBe(a.id);
    server.use(
      http.get('*/api/products/:id', () =>
        HttpResponse.json({ message: 'Not found', code: 'not_found' }, { status: 404 }),
      ),
    );
    await expect(cachedApi('getProduct', { params: { id: a.id } })).rejects.toMatchObject({ status: 404 });
    await vi.waitFor(async () => expect(await db().productStore.get(a.id)).toBeUndefined());
  });

  it('answers from the local copy at once when the browser says it is offline, and asks the network when nothing is saved', async () => {
    const query = { limit: 3 };
    const online = await cachedApi('listProducts', { query });
    await vi.waitFor(async () => expect(await db().responses.count()).toBe(1));
    // The server would answer something else now: a local answer never reached it.
    let asked = 0;
    server.use(
      http.get('*/api/products', () => {
        asked++;
        return HttpResponse.json({ items: [], total: 0, maxPrice: 0 });
      }),
    );
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect(await cachedApi('listProducts', { query })).toEqual(online);
      expect(asked).toBe(0);
      // Nothing saved for this call: the network is still tried (navigator.onLine may be wrong).
      expect(await cachedApi('listProducts', { query: { limit: 4 } })).toEqual({
        items: [],
        total: 0,
        maxPrice: 0,
      });
      expect(asked).toBe(1);
    } finally {
      onLine.mockRestore();
    }
    // Online again: network first, as before.
    expect((await cachedApi('listProducts', { query })).items).toEqual([]);
    expect(asked).toBe(2);
  });

  it('rethrows when nothing was saved for the call', async () => {
    offline('/products');
    await expect(cachedApi('listProducts', { query: { q: 'never asked' } })).rejects.toThrow();
  });

  it('caches the countries calls as well', async () => {
    const countries = await cachedApi('countryPositions');
    await vi.waitFor(async () => expect(await db().responses.count()).toBe(1));
    offline('/v0.1/countries/positions');
    expect(await cachedApi('countryPositions')).toEqual(countries);
  });
});

describe('background sync and local queries', () => {
  it('copies the whole catalogue in pages and marks it complete', async () => {
    const demo = await demoData();
    const meta = await syncCatalogue({ pause: noPause, pageSize: 7 });
    expect(meta.complete).toBe(true);
    expect(meta.total).toBe(demo.products.length);
    expect(await db().productStore.count()).toBe(demo.products.length);
    expect(document.documentElement.dataset.catalogueSync).toBe('done');
  });

  it('removes products that are gone from the server', async () => {
    const [first] = (await api('listProducts', { query: { limit: 1 } })).items;
    const last = Math.max(...(await demoData()).products.map((p) => p.id));
    // One alone in its stored row, one in a row the copy writes again (product-chunks.ts).
    await db().productStore.bulkPut([
      { ...first!, id: 999_999 },
      { ...first!, id: last + 1 },
    ]);
    await syncCatalogue({ pause: noPause });
    expect(await db().productStore.bulkGet([999_999, last + 1])).toEqual([undefined, undefined]);
    expect(await db().productStore.count()).toBe((await demoData()).products.length);
  });

  it('answers a never-seen listing query offline once the catalogue is copied', async () => {
    await syncCatalogue({ pause: noPause });
    const query = { sort: 'price_desc', page: 2, limit: 12 };
    const online = await api('listProducts', { query });
    offline('/products');
    expect(await cachedApi('listProducts', { query })).toEqual(online);
  });

  it('gives the same items, totals and maxPrice as the server and as runCatalogQuery', async () => {
    const demo = await demoData();
    await syncCatalogue({ pause: noPause, pageSize: 50 });
    const [c1, c2] = demo.categories;
    const word = demo.products[3]?.title.split(' ')[0] ?? 'shirt';
    const queries: Array<Record<string, string | number | undefined>> = [
      {},
      { limit: 12 },
      { page: 2, limit: 12 },
      { sort: 'price_asc', limit: 12 },
      { sort: 'price_desc', page: 3, limit: 5 },
      { category: c1?.slug, limit: 12 },
      { category: c2?.slug, sort: 'price_asc', maxPrice: 60, limit: 12 },
      { q: word, limit: 12 },
      { name: word.toUpperCase(), sort: 'price_desc' },
      { q: `  ${word}  `, category: c1?.slug, maxPrice: 40 },
      { collection: 'everyday-comfort', limit: 12 },
      { collection: 'timeless-style', sort: 'price_asc', page: 2, limit: 4 },
      { maxPrice: 25, limit: 100 },
      { maxPrice: 0, limit: 12 },
      { q: 'zzzz-nothing', limit: 12 },
      { page: 999, limit: 12 },
    ];
    const all = await db().productStore.toArray();
    for (const query of queries) {
      const server = await api('listProducts', { query });
      const local = await localProductList(db(), query);
      expect(local, JSON.stringify(query)).toEqual(server);
      const clean = Object.fromEntries(
        Object.entries(query)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      );
      expect(runCatalogQuery(all, catalogQuerySchema.parse(clean)), JSON.stringify(query)).toEqual(local);
    }
  });

  it('follows a product refreshed online after the copy: the offline listing is still runCatalogQuery', async () => {
    await syncCatalogue({ pause: noPause });
    const query = { sort: 'price_asc', limit: 12 };
    await localProductList(db(), query); // the listing index is held from here on
    const [dearest] = (await api('listProducts', { query: { limit: 1, sort: 'price_desc' } })).items;
    if (!dearest) throw new Error('no products');
    server.use(http.get('*/api/products/:id', () => HttpResponse.json({ ...dearest, sale_price: 0.01 })));
    await cachedApi('getProduct', { params: { id: dearest.id } });
    await vi.waitFor(async () => expect((await db().productStore.get(dearest.id))?.sale_price).toBe(0.01));
    offline('/products');
    const local = await cachedApi('listProducts', { query });
    expect(local.items[0]?.id).toBe(dearest.id);
    expect(local).toEqual(
      runCatalogQuery(
        await db().productStore.toArray(),
        catalogQuerySchema.parse({ sort: 'price_asc', limit: '12' }),
      ),
    );
  });

  it('keeps a product first received online after the copy: offline it opens, and the listing holds it', async () => {
    await syncCatalogue({ pause: noPause });
    await localProductList(db(), { limit: 12 }); // the listing index is held from here on
    const [newest] = (await api('listProducts', { query: { limit: 1 } })).items;
    if (!newest) throw new Error('no products');
    // Added to the shop after the copy: only its own answer (a product page, then a listing) brings it.
    const added = {
      ...newest,
      id: 987_001,
      title: 'Added After The Copy',
      created_at: '2099-01-01T00:00:00.000Z',
    };
    const listed = { ...added, id: 987_002, title: 'Listed After The Copy' };
    server.use(http.get('*/api/products/:id', () => HttpResponse.json(added)));
    await cachedApi('getProduct', { params: { id: added.id } });
    server.use(
      http.get('*/api/products', () => HttpResponse.json({ items: [listed], total: 1, maxPrice: 100 })),
    );
    await cachedApi('listProducts', { query: { q: 'listed after', limit: 12 } });
    await vi.waitFor(async () =>
      expect(await db().productStore.bulkGet([added.id, listed.id])).not.toContain(undefined),
    );
    offline('/products');
    offline('/products/:id');
    expect(await cachedApi('getProduct', { params: { id: added.id } })).toEqual(added);
    expect(await cachedApi('getProduct', { params: { id: listed.id } })).toEqual(listed);
    // The listing index follows the table: the newest two are the added ones, and it is runCatalogQuery.
    const local = await cachedApi('listProducts', { query: { limit: 12 } });
    expect(
      local.items
        .slice(0, 2)
        .map((p) => p.id)
        .sort(),
    ).toEqual([added.id, listed.id]);
    expect(local).toEqual(
      runCatalogQuery(await db().productStore.toArray(), catalogQuerySchema.parse({ limit: '12' })),
    );
  });

  it('does not answer listing queries locally before the copy is complete', async () => {
    await cachedApi('listProducts', { query: { limit: 3 } });
    await vi.waitFor(async () => expect(await db().productStore.count()).toBe(3));
    expect(await localProductList(db(), { limit: 3, sort: 'price_asc' })).toBeUndefined();
  });
});

describe('slow network', () => {
  it('answers from the saved copy when the network has not answered in time, then refreshes it', async () => {
    const online = await cachedApi('listCategories');
    await vi.waitFor(async () => expect(await db().responses.count()).toBe(1));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.get('*/api/categories', async () => {
        await gate;
        return HttpResponse.json(online.slice(0, 1));
      }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const answer = cachedApi('listCategories');
      await vi.advanceTimersByTimeAsync(SLOW_NETWORK_MS);
      expect(await answer).toEqual(online);
    } finally {
      vi.useRealTimers();
    }
    release();
    await vi.waitFor(async () =>
      expect((await db().responses.toArray())[0]?.data).toEqual(online.slice(0, 1)),
    );
  });
});

describe('a server that never answers', () => {
  it('fails as a ReadTimeout after READ_TIMEOUT_MS when nothing is saved', async () => {
    server.use(http.get('*/api/products', () => new Promise<never>(() => undefined)));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const answer = cachedApi('listProducts', { query: { q: 'never saved' } });
      let settled = false;
      answer.catch(() => undefined).finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(answer).rejects.toBeInstanceOf(ReadTimeout);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('bounded storage', () => {
  it('keeps only the most recent saved answers', async () => {
    await db().responses.bulkPut(
      Array.from({ length: MAX_RESPONSES }, (_, i) => ({ key: `old-${i}`, data: [], savedAt: i })),
    );
    await cachedApi('listCategories');
    await vi.waitFor(async () => expect(await db().responses.get('old-0')).toBeUndefined());
    expect(await db().responses.count()).toBe(MAX_RESPONSES);
    expect(await db().responses.get('old-1')).toBeDefined();
  });
});

describe('sync scheduling', () => {
  it('copies again only when the last complete copy is stale', async () => {
    const first = await syncIfStale();
    expect(first.complete).toBe(true);
    expect((await syncIfStale()).syncedAt).toBe(first.syncedAt);
    await db().meta.put({ ...first, syncedAt: first.syncedAt - SYNC_MAX_AGE_MS - 1 });
    expect((await syncIfStale()).syncedAt).toBeGreaterThan(first.syncedAt - SYNC_MAX_AGE_MS - 1);
  });

  it("the worker's entry copies only a stale or missing copy, and says when it starts copying", async () => {
    const onStart = vi.fn();
    const first = await copyIfStale(db(), { maxAgeMs: SYNC_MAX_AGE_MS, onStart });
    expect(first.fresh).toBe(false);
    expect(onStart).toHaveBeenCalledTimes(1);
    expect(await db().productStore.count()).toBe((await demoData()).products.length);
    // Fresh: answered as it is, nothing fetched.
    let asked = 0;
    server.use(
      http.get('*/api/products', () => {
        asked++;
        return HttpResponse.error();
      }),
    );
    const again = await copyIfStale(db(), { maxAgeMs: SYNC_MAX_AGE_MS, onStart });
    expect(again).toEqual({ meta: first.meta, fresh: true });
    expect(onStart).toHaveBeenCalledTimes(1);
    expect(asked).toBe(0);
    // Stale: copied again (here the network fails, so the copy throws after saying it started).
    await db().meta.put({ ...first.meta, syncedAt: first.meta.syncedAt - SYNC_MAX_AGE_MS - 1 });
    await expect(copyIfStale(db(), { maxAgeMs: SYNC_MAX_AGE_MS, onStart })).rejects.toThrow();
    expect(onStart).toHaveBeenCalledTimes(2);
    expect(asked).toBe(1);
  });
});
