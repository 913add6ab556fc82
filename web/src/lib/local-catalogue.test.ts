import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  catalogQuerySchema,
  compareProducts,
  runCatalogQuery,
  SORTS,
  type Sort,
} from '#contract/rules/catalog-query';
import type { Product } from '#contract/schemas/product';
import { CountingDb } from '#web/test/counting-db';
import { freshDbPerTest } from '#web/test/fresh-db';
import { syncCatalogue } from './catalogue-sync';
import { CatalogueDb, setCatalogueDb } from './db';
import { filterWarmups, localProductList, warmPages } from './local-catalogue';
import { createSearchEngine } from '#contract/rules/search-engine';
import { BUILD_CHUNK, ENGINE_CHUNK, engineOf, warmIndex } from './local-index';
import { deleteProducts, writeProducts } from './local-writes';
import { chunkOf } from './product-chunks';

/** The stored rows these products live in: what reading them costs. */
const rowsOf = (products: ReadonlyArray<{ id: number }>) => new Set(products.map((p) => chunkOf(p.id))).size;

const CATEGORIES = ['tops', 'jeans', 'coats'];
const COLLECTIONS = ['timeless-style', 'everyday-comfort', 'modern-streetwear'];
const WORDS = ['Slim', 'Tee', 'Denim', 'Coat', 'red', 'Slim-Fit', 'Été'];

function product(id: number, f: ProductFields): Product {
  return {
    id,
    title: f.title,
    short_description: '',
    description: '<p>Long enough to be worth not reading.</p>',
    sku: f.sku,
    featured_image: null,
    images: [],
    sale_price: f.sale_price,
    regular_price: f.regular_price,
    categories: f.categories.map((slug) => ({ id: CATEGORIES.indexOf(slug) + 1, name: slug, slug })),
    sizes: f.sizes ?? ['M'],
    colors: f.colors ?? [],
    collections: f.collections,
    created_at: new Date(Date.UTC(2025, 0, 1 + f.day)).toISOString(),
    ...(f.units && f.sizes && f.colors
      ? {
          inventory: f.sizes.flatMap((size, i) =>
            f.colors!.map((color, j) => ({ size, color, quantity: f.units![(i + j) % f.units!.length]! })),
          ),
        }
      : {}),
  };
}

interface ProductFields {
  title: string;
  sku: string;
  sale_price: number | null;
  regular_price: number;
  categories: string[];
  collections: string[];
  day: number;
  sizes?: string[];
  colors?: string[];
  /** Units per size × colour, cycled; absent: untracked. */
  units?: number[] | undefined;
}

type Query = {
  category?: string;
  q?: string;
  name?: string;
  collection?: string;
  maxPrice?: number;
  sort?: Sort;
  page?: number;
  limit?: number;
  size?: string[];
  color?: string[];
  in_stock?: string;
  minPrice?: number;
  facets?: string;
};

// Few words, prices and days: many matches, and many ties for every sort to break by id.
const fieldsArb: fc.Arbitrary<ProductFields> = fc.record({
  title: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
  sku: fc.constantFrom('', 'TL-0001', 'AB-22', 'slim'),
  sale_price: fc.option(fc.constantFrom(0, 5, 9.99, 20, 35.5), { nil: null }),
  regular_price: fc.constantFrom(5, 10, 19.99, 20, 40, 100),
  categories: fc.subarray(CATEGORIES, { maxLength: 2 }),
  collections: fc.subarray(COLLECTIONS),
  day: fc.integer({ min: 0, max: 4 }),
  sizes: fc.subarray(['S', 'M', 'm', 'L', 'XL']),
  colors: fc.subarray(['Red', 'red', 'Navy', 'Black']),
  units: fc.option(fc.array(fc.constantFrom(0, 1, 5), { minLength: 1, maxLength: 3 }), { nil: undefined }),
});

const queryArb: fc.Arbitrary<Query> = fc.record(
  {
    category: fc.constantFrom(...CATEGORIES, 'none', ''),
    q: fc.constantFrom('slim', 'SLIM tee', '  denim ', 's', 'zz', 'tl-', 'm t', 'été', ''),
    name: fc.constantFrom('coat', 'Red', ''),
    collection: fc.constantFrom(...COLLECTIONS, 'none'),
    maxPrice: fc.constantFrom(0, 9.99, 10, 19.99, 35.5, 1000),
    sort: fc.constantFrom(...SORTS),
    page: fc.integer({ min: 1, max: 4 }),
    limit: fc.constantFrom(1, 3, 5, 12, 100, 500),
    size: fc.subarray(['S', 'm', 'XL', 'XXL']),
    color: fc.subarray(['RED', 'navy', 'Olive']),
    in_stock: fc.constantFrom('1', '0'),
    minPrice: fc.constantFrom(0, 9.99, 19.99, 50),
    facets: fc.constantFrom('1', '0'),
  },
  { requiredKeys: [] },
);

type Change =
  | { kind: 'put'; id: number; fields: ProductFields }
  | { kind: 'delete'; id: number }
  | { kind: 'other-tab'; id: number; fields: ProductFields };

const changeArb: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('put' as const), id: fc.integer({ min: 1, max: 50 }), fields: fieldsArb }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 1, max: 50 }) }),
  fc.record({
    kind: fc.constant('other-tab' as const),
    id: fc.integer({ min: 1, max: 50 }),
    fields: fieldsArb,
  }),
);

async function reference(db: CatalogueDb, query: Query) {
  // A query the server answers with a 400 (minPrice above maxPrice) is not answered locally either.
  const parsed = catalogQuerySchema.safeParse(asUrl(query));
  if (!parsed.success) return undefined;
  // The offline listing does not correct a text that finds nothing (issue 29's `suggestion`, optional).
  const { suggestion: _, ...listing } = runCatalogQuery(await db.productStore.toArray(), parsed.data);
  return listing;
}

/** What the server receives: strings (a list for a repeated filter), empty values absent. */
function asUrl(query: Query): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, Array.isArray(v) ? v : String(v)]),
  );
}

const complete = (db: CatalogueDb) =>
  db.meta.put({ key: 'catalogue', syncedAt: Date.now(), total: 0, complete: true });

let made = 0;

describe('local listings over the in-memory index', () => {
  it('equal runCatalogQuery over the whole table, through writes of this tab and of another tab', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fieldsArb, { maxLength: 45 }),
        fc.array(fc.tuple(changeArb, fc.array(queryArb, { minLength: 1, maxLength: 3 })), {
          minLength: 1,
          maxLength: 4,
        }),
        async (catalogue, steps) => {
          const name = `local-catalogue-prop-${++made}`;
          const db = new CatalogueDb(name);
          const otherTab = new CatalogueDb(name);
          try {
            await writeProducts(
              db,
              catalogue.map((f, i) => product(i + 1, f)),
            );
            await complete(db);
            for (const [change, queries] of steps) {
              if (change.kind === 'put') await writeProducts(db, [product(change.id, change.fields)]);
              if (change.kind === 'delete') await deleteProducts(db, [change.id]);
              if (change.kind === 'other-tab')
                await writeProducts(otherTab, [product(change.id, change.fields)]);
              for (const query of queries)
                expect(await localProductList(db, query), JSON.stringify(query)).toEqual(
                  await reference(db, query),
                );
            }
          } finally {
            db.close();
            otherTab.close();
            await db.delete();
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 90_000); // each write rebuilds the offline search engine and the reference's (issue 29): slow under load
});

describe('what an offline listing reads', () => {
  const db = freshDbPerTest(CountingDb, setCatalogueDb);

  async function seed(n: number): Promise<Product[]> {
    const all = Array.from({ length: n }, (_, i) =>
      product(i + 1, {
        title: `${WORDS[i % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]} ${i + 1}`,
        sku: `TL-${i + 1}`,
        sale_price: i % 4 === 0 ? 9.99 : null,
        regular_price: 10 + (i % 50),
        categories: [CATEGORIES[i % 3]!],
        collections: i % 5 === 0 ? [COLLECTIONS[0]!] : [],
        day: i % 30,
      }),
    );
    await writeProducts(db(), all);
    await complete(db());
    return all;
  }

  it('reads only the products of the page once the index is held, never a cursor over products', async () => {
    await seed(1200);
    await localProductList(db(), { limit: 1 }); // this session's index (read or kept by the writes above)
    db().rowReads = 0;
    const page = (await localProductList(db(), { sort: 'price_asc', page: 2, limit: 12 }))?.items ?? [];
    const found = (await localProductList(db(), { category: 'coats', q: 'slim', limit: 5 }))?.items ?? [];
    expect([page.length, found.length]).toEqual([12, 5]);
    expect(db().rowReads).toBe(rowsOf(page) + rowsOf(found));
    expect(rowsOf(page) + rowsOf(found)).toBeLessThan(rowsOf(await db().productStore.toArray()));
    expect(db().valueCursors).toBe(0);
  });

  it('in a new session, reads the table once in chunks, shared by the queries that need it at once', async () => {
    const all = await seed(1200);
    const session = new CountingDb(db().name); // another session: no index held
    try {
      const [page, sidebar] = await Promise.all([
        localProductList(session, { limit: 12 }),
        localProductList(session, { limit: 5 }),
      ]);
      expect(page?.items).toHaveLength(12);
      expect(sidebar?.items).toHaveLength(5);
      expect(session.rowReads).toBe(rowsOf(all) + rowsOf(page!.items) + rowsOf(sidebar!.items));
      expect(session.valueCursors).toBe(0);
      expect(BUILD_CHUNK).toBeLessThan(1200); // so the read above really came in several chunks
      expect(await localProductList(session, { q: 'denim', limit: 12 })).toEqual(
        await reference(session, { q: 'denim', limit: 12 }),
      );
    } finally {
      session.close();
    }
  });

  it('in a new session, holds the rows in the default order once read (merged a chunk at a time, issue 29)', async () => {
    const all = await seed(1200);
    const session = new CountingDb(db().name);
    try {
      const index = await warmIndex(session);
      const sorted = [...all].sort(compareProducts('latest')).map((p) => p.id);
      expect(index.sorted.latest?.map((r) => r.id)).toEqual(sorted);
      // The same rows as the index holds (what a listing then filters).
      expect(index.sorted.latest?.every((r) => index.rows.get(r.id) === r)).toBe(true);
      expect(await localProductList(session, { limit: 12 })).toEqual(await reference(session, { limit: 12 }));
    } finally {
      session.close();
    }
  });

  it('keeps the page of a query asked again until the rows change (issue 29)', async () => {
    const all = await seed(60);
    const query = { sort: 'price_asc', limit: 5, facets: '1' } as const;
    const first = await localProductList(db(), query);
    expect(first).toEqual(await reference(db(), query));
    const index = await warmIndex(db());
    expect(index.pages?.size).toBe(1);
    db().rowReads = 0;
    expect(await localProductList(db(), query)).toEqual(first);
    expect(index.pages?.size).toBe(1);
    expect(db().rowReads).toBe(rowsOf(first!.items)); // the page's products only
    // A write of this tab: the kept page is not the answer any more.
    await writeProducts(db(), [{ ...all[40]!, sale_price: 0.5, sizes: ['XXS'] }]);
    const changed = await localProductList(db(), query);
    expect(changed?.items[0]?.id).toBe(all[40]!.id);
    expect(changed).toEqual(await reference(db(), query));
  });

  it("decides the first listings' pages ahead, under the keys the listings then ask with (issue 29)", async () => {
    await seed(300);
    const session = new CountingDb(db().name);
    try {
      // As listing-url.ts's productQuery sends it: numbers, absent filters undefined.
      const listing = { page: 1, limit: 12, sort: 'price_asc' as const, category: undefined, facets: '1' };
      const index = await warmIndex(session);
      await warmPages(index, [listing, { limit: 5 }, { q: 'denim', limit: 12 }]);
      expect(index.sorted.price_asc).toHaveLength(300);
      expect(index.pages?.size).toBe(2); // not the search: the engine's turn comes first
      session.rowReads = 0;
      const page = await localProductList(session, { ...listing, page: '1' });
      expect(session.rowReads).toBe(rowsOf(page!.items));
      expect(index.pages?.size).toBe(2); // the page decided ahead answered it
      expect(page).toEqual(await reference(session, listing));
    } finally {
      session.close();
    }
  });

  it('warms one listing per kind of filter on values the copy holds, the search once the engine is built', async () => {
    await seed(300);
    const index = await warmIndex(db());
    const kinds = (queries: ReturnType<typeof filterWarmups>) =>
      queries.map((q) => Object.keys(q).filter((k) => !['page', 'limit', 'facets'].includes(k)));
    // No engine yet: no search (it would build the engine in one task).
    expect(kinds(filterWarmups(index))).toEqual([['category'], ['collection'], ['size', 'color']]);
    await engineOf(index);
    const queries = filterWarmups(index);
    expect(kinds(queries)).toEqual([['category'], ['collection'], ['size', 'color'], ['q']]);
    await warmPages(index, queries);
    expect(index.pages?.size).toBe(queries.length);
    for (const query of queries) {
      // Each is a listing a shopper could open, with products in it, and answered as the server would.
      const page = await localProductList(db(), query);
      expect(page?.total).toBeGreaterThan(0);
      expect(page).toEqual(await reference(db(), query));
    }
    expect(index.pages?.size).toBe(queries.length); // the pages decided ahead answered them
  });

  it('answers nothing once a new copy has begun (its meta row not complete), even with the index held', async () => {
    await seed(30);
    expect((await localProductList(db(), { limit: 5 }))?.items).toHaveLength(5);
    await db().meta.put({ key: 'catalogue', syncedAt: Date.now(), total: 0, complete: false });
    expect(await localProductList(db(), { limit: 5 })).toBeUndefined();
  });

  it('sees a change written by another tab', async () => {
    const all = await seed(30);
    await localProductList(db(), {});
    const otherTab = new CatalogueDb(db().name);
    try {
      const cheapest = { ...all[7]!, sale_price: 0.5, title: 'Bargain Coat' };
      await writeProducts(otherTab, [cheapest]);
      const query = { sort: 'price_asc', limit: 100 } as const;
      const changed = await localProductList(db(), query);
      expect(changed?.items[0]?.title).toBe('Bargain Coat');
      expect(changed).toEqual(await reference(db(), query));
      await deleteProducts(otherTab, [all[0]!.id]);
      const deleted = await localProductList(db(), query);
      expect(deleted?.total).toBe(29);
      expect(deleted).toEqual(await reference(db(), query));
    } finally {
      otherTab.close();
    }
  });

  it('after the background sync, a listing reads nothing but its page', async () => {
    await syncCatalogue({ pause: async () => undefined, pageSize: 20, afterSync: async () => undefined });
    db().rowReads = 0;
    const local = await localProductList(db(), { sort: 'price_desc', limit: 12 });
    expect(local?.items).toHaveLength(12);
    expect(db().rowReads).toBe(rowsOf(local!.items));
    expect(local).toEqual(await reference(db(), { sort: 'price_desc', limit: 12 }));
  });
});

describe('the offline search engine', () => {
  const db = freshDbPerTest(CatalogueDb, setCatalogueDb);

  it('is built in chunks of ENGINE_CHUNK rows, letting other tasks run between them, and finds what one built at once does', async () => {
    const n = ENGINE_CHUNK * 3 + 7;
    const fields: ProductFields[] = Array.from({ length: n }, (_, i) => ({
      title: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}`,
      sku: `TL-${i}`,
      sale_price: null,
      regular_price: 10 + (i % 30),
      categories: [CATEGORIES[i % CATEGORIES.length]!],
      collections: [],
      day: i % 5,
    }));
    await writeProducts(
      db(),
      fields.map((f, i) => product(i + 1, f)),
    );
    const index = await warmIndex(db());
    expect(index.engine).toBeUndefined();
    let between = 0;
    const ticks = setInterval(() => between++, 0);
    const engine = await engineOf(index);
    clearInterval(ticks);
    expect(between).toBeGreaterThan(0); // other tasks ran while it was built
    expect(engine.size).toBe(n);
    const whole = createSearchEngine(index.rows.values());
    for (const text of ['slim', 'tee denim', 'jakcet', 'tl-1', 'coat'])
      expect(engine.search(text)).toEqual(whole.search(text));
    // Kept by writes from then on: a renamed and a deleted product, as an engine built again would have them.
    await writeProducts(db(), [product(1, { ...fields[0]!, title: 'Harbour Raincoat' })]);
    await deleteProducts(db(), [2]);
    expect(index.engine).toBe(engine);
    const again = createSearchEngine(index.rows.values());
    for (const text of ['harbour', 'slim', 'tee denim', 'raincoat'])
      expect(engine.search(text)).toEqual(again.search(text));
  });
});
