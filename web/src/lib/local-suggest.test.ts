import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '#contract/schemas/category';
import type { Suggestions } from '#contract/schemas/search';
import { mockBackend } from '#mock-api/mock-store';
import { server } from '#mock-api/node';
import { freshDbPerTest } from '#web/test/fresh-db';
import { api } from './api-client';
import { syncCatalogue } from './catalogue-sync';
import { CatalogueDb, setCatalogueDb } from './db';
import { localSuggestions } from './local-suggest';
import { writeProducts } from './local-writes';
import { reportFetchSuccess } from './network-status';
import { clearSuggestionCache, fetchSuggestions } from './suggestions';

/**
 * Issue 29: offline, the search box's suggestions come from the local copy and equal what GET /search/suggest
 * (the server's rule, searchSuggestions in server/core/catalog/search-listing.ts, here through the MSW mock over
 * the same core) answers for the same catalogue.
 */
const db = freshDbPerTest(CatalogueDb, setCatalogueDb);

let categories: Category[] = [];
let titles: string[] = [];

beforeAll(async () => {
  const { demo } = await mockBackend();
  titles = demo.products.map((p) => p.title);
  categories = await api('listCategories');
});

afterEach(() => {
  clearSuggestionCache();
  reportFetchSuccess(); // a test that failed the network leaves the app offline until an answer comes
});

async function copied(): Promise<void> {
  await syncCatalogue({ pause: async () => undefined, pageSize: 50, afterSync: async () => undefined });
}

const online = (q: string): Promise<Suggestions> => api('searchSuggest', { query: { q } });

/** Texts as a shopper types them: the start of a title, a word with a typo, a category name, odd ones. */
const textArb = fc.oneof(
  fc.record({ pick: fc.nat(), len: fc.integer({ min: 2, max: 24 }) }).map(({ pick, len }) => {
    const t = titles[pick % titles.length]!;
    return t.slice(0, len);
  }),
  fc.record({ pick: fc.nat(), at: fc.nat() }).map(({ pick, at }) => {
    // One swap of neighbouring letters in a title word (a typo the engine forgives).
    const words = titles[pick % titles.length]!.split(' ');
    const w = words[at % words.length]!;
    if (w.length < 4) return w;
    const i = at % (w.length - 1);
    return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  }),
  fc.nat().map((i) => categories[i % categories.length]!.name.slice(0, 5)),
  fc.constantFrom(
    'sh',
    'shirts',
    'dresses',
    'linen trousers',
    'red',
    'jakcet',
    '  Denim  ',
    'TL-1',
    'zzzz',
    'é',
  ),
);

describe('offline suggestions', () => {
  it('equal the server’s for the same catalogue, for 300 typed texts', async () => {
    await copied();
    let nonEmpty = 0;
    let withCategories = 0;
    for (const text of fc.sample(textArb, { seed: 29, numRuns: 300 })) {
      const want = await online(text.trim() || 'x');
      const got = await localSuggestions(db(), text.trim() || 'x', categories);
      expect(got, JSON.stringify(text)).toEqual(want);
      if (want.products.length) nonEmpty++;
      if (want.categories.length) withCategories++;
    }
    // The sampled texts really find things (the comparison is not of empty answers).
    expect(nonEmpty).toBeGreaterThan(200);
    expect(withCategories).toBeGreaterThan(20);
  });

  it('follow a product written to the copy (a product seen online is suggested offline)', async () => {
    await copied();
    const [first] = (await api('listProducts', { query: { limit: 1 } })).items;
    await writeProducts(db(), [{ ...first!, title: 'Quillon Harbour Parka', sale_price: null }]);
    const got = await localSuggestions(db(), 'quillon harb', categories);
    expect(got?.products).toEqual([
      {
        id: first!.id,
        title: 'Quillon Harbour Parka',
        price: first!.regular_price,
        image: first!.featured_image,
      },
    ]);
  });

  it('refuse what the server refuses: an empty or too long text', async () => {
    await copied();
    expect(await localSuggestions(db(), '   ', categories)).toBeUndefined();
    expect(await localSuggestions(db(), 'x'.repeat(201), categories)).toBeUndefined();
  });

  it('answer from the local copy when the network fails, the same as online', async () => {
    await copied();
    const q = titles[0]!.split(' ')[0]!.slice(0, 4);
    const want = await online(q);
    expect(want.products.length).toBeGreaterThan(0);
    server.use(http.get('*/api/search/suggest', () => HttpResponse.error()));
    expect(await fetchSuggestions(q, categories)).toEqual(want);
  });

  it('ask nothing under two characters, and keep recent answers', async () => {
    let asked = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/search/suggest')) asked++;
    });
    expect(await fetchSuggestions(' s ', categories)).toEqual({ products: [], categories: [] });
    expect(asked).toBe(0);
    const a = await fetchSuggestions('shirt', categories);
    const b = await fetchSuggestions(' SHIRT', categories);
    expect(b).toBe(a);
    expect(asked).toBe(1);
    server.events.removeAllListeners();
  });
});
