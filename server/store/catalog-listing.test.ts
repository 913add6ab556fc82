/**
 * The indexes must give exactly what the plain scan (runCatalogQuery) gives: many seeded random
 * filter/sort/page combinations over a random catalogue, before and after creates, updates and deletes.
 */
import { describe, expect, it } from 'vitest';
import type { CatalogQuery } from '#contract/rules/catalog-query';
import { catalogQuerySchema, runCatalogQuery } from '#contract/rules/catalog-query';
import type { Category } from '#contract/schemas/category';
import { catalogStores } from '#server/test/catalog-stores';
import { createMemoryStores } from './memory-store';
import { createCatalogIndex } from '#server/core/catalog/indexes';
import { listCatalog } from '#server/core/catalog/listing';
import type { Stores } from '#server/core/ports';
import type { StoredProduct } from '#server/core/records';
import { toPublicProduct } from '#server/core/records';
import { createRng } from '#fixtures/rng';

const rng = createRng;

const COLLECTIONS = ['everyday', 'street', 'summer', 'outdoor'];
const WORDS = ['tee', 'denim', 'coat', 'wool', 'slim', 'classic', 'rain'];
const cats: Category[] = [1, 2, 3, 4, 5].map((id) => ({
  id,
  name: `Cat ${id}`,
  slug: `cat-${id}`,
  image: null,
}));

function product(r: ReturnType<typeof rng>, id: number): StoredProduct {
  // Few distinct prices and dates, so ties (broken by id) happen often.
  const regular = 10 + r.int(12) * 5;
  const sizes = some(r, SIZES, 0.35);
  const colors = some(r, COLORS, 0.3);
  return {
    id,
    title: `${r.pick(WORDS)} ${r.pick(WORDS)} ${id}`,
    short_description: '',
    description: '',
    sku: `TL-${id}`,
    featured_image: null,
    images: [],
    sale_price: r.next() < 0.3 ? regular - 5 : r.next() < 0.1 ? 0 : null,
    regular_price: regular,
    category_ids:
      r.next() < 0.1 ? [] : r.next() < 0.15 ? [r.pick(cats).id, r.pick(cats).id] : [r.pick(cats).id],
    sizes,
    colors,
    collections: COLLECTIONS.filter(() => r.next() < 0.3),
    created_at: `2026-0${1 + r.int(3)}-1${r.int(3)}T10:00:00.000Z`,
    // Issue 29: a third untracked, the rest tracking each size × colour with 0 to 2 units.
    ...(r.next() < 0.3
      ? {}
      : {
          inventory: sizes.flatMap((size) =>
            colors.map((color) => ({ size, color, quantity: r.int(3), held: 0 })),
          ),
        }),
  };
}

/** A few sizes and colours, some spelt in another case ("m" and "M" are one size to the filters). */
const SIZES = ['XS', 'S', 'M', 'm', 'L', 'XL', '42'];
const COLORS = ['Red', 'red', 'Navy', 'Black', 'Olive'];
const some = (r: ReturnType<typeof rng>, from: string[], p: number) => from.filter(() => r.next() < p);

function query(r: ReturnType<typeof rng>): CatalogQuery {
  const q = catalogQuerySchema.safeParse({
    category: r.next() < 0.5 ? `cat-${1 + r.int(6)}` : undefined,
    collection: r.next() < 0.3 ? r.pick([...COLLECTIONS, 'none']) : undefined,
    q: r.next() < 0.2 ? r.pick([...WORDS, 'tee classic', 'TL-1']) : undefined,
    maxPrice: r.next() < 0.5 ? r.pick([0, 15, 27.5, 40, 70]) : undefined,
    sort: r.pick(['latest', 'price_asc', 'price_desc']),
    page: 1 + r.int(4),
    limit: r.pick([1, 5, 12, 30]),
    size: r.next() < 0.3 ? some(r, SIZES, 0.3) : undefined,
    color: r.next() < 0.3 ? some(r, COLORS, 0.3) : undefined,
    in_stock: r.next() < 0.25 ? '1' : undefined,
    minPrice: r.next() < 0.25 ? r.pick([0, 15, 25, 40]) : undefined,
    facets: r.next() < 0.5 ? '1' : undefined,
  });
  // A floor above the cap is a 400 (minPrice above maxPrice): draw again.
  return q.success ? q.data : query(r);
}

/** The units the public products show: here the stored ones (no orders in these tests). */
const shown = (p: StoredProduct) =>
  p.inventory?.map(({ size, color, quantity }) => ({ size, color, quantity }));
const stock = { shown, onShownChange: () => undefined };

function expectSame(stores: Stores, index: ReturnType<typeof createCatalogIndex>, q: CatalogQuery): number {
  const byId = new Map(stores.categories.all().map((c) => [c.id, c]));
  const all = stores.products.all().map((p) => toPublicProduct(p, byId, shown));
  const want = runCatalogQuery(all, q);
  expect(listCatalog(index, q), JSON.stringify(q)).toEqual(want);
  return want.items.length;
}

describe('catalogue indexes agree with the plain scan', () => {
  it('for 600 random queries over a random catalogue, through creates, updates and deletes', async () => {
    const r = rng(20261122);
    const stores = await catalogStores(
      cats,
      Array.from({ length: 300 }, (_, i) => product(r, i + 1)),
    );
    // Chunks of 8 (not 512): the sorted lists' chunk splits and merges are crossed on every page.
    const index = createCatalogIndex(stores, { chunk: 8, stock });
    let nextId = 301;
    let nonEmpty = 0;
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 100; i++) if (expectSame(stores, index, query(r)) > 0) nonEmpty++;
      // A burst of writes through both write forms; some in one batch (group commit).
      const ids = stores.products.all().map((p) => p.id);
      await Promise.all([
        stores.products.change(() => ({ put: [product(r, nextId++), product(r, nextId++)], result: 0 })),
        stores.products.change(() => ({ remove: [r.pick(ids), r.pick(ids)], result: 0 })),
        stores.products.change((get) => {
          const p = get(r.pick(ids));
          return { put: p ? [{ ...product(r, p.id) }] : [], result: 0 };
        }),
        stores.products.mutate((rows) => ({
          rows: rows.map((p) => (r.next() < 0.02 ? { ...p, sale_price: 12.5 } : p)),
          result: 0,
        })),
      ]);
      if (round === 3)
        await stores.categories.mutate((rows) => ({
          rows: rows.map((c) => (c.id === 2 ? { ...c, slug: 'renamed', name: 'Renamed' } : c)),
          result: 0,
        }));
    }
    // The cases must mostly find something, or the comparison proves little.
    expect(nonEmpty).toBeGreaterThan(200);
  });

  it('an index built after the data and one kept from the start agree', async () => {
    const r = rng(7);
    const stores = createMemoryStores();
    const early = createCatalogIndex(stores);
    early.all();
    await stores.categories.mutate((rows) => ({ rows: [...rows, ...cats], result: undefined }));
    for (let i = 1; i <= 50; i++) await stores.products.change(() => ({ put: [product(r, i)], result: 0 }));
    const late = createCatalogIndex(stores);
    for (let i = 0; i < 100; i++) {
      const q = query(r);
      expect(listCatalog(early, q)).toEqual(listCatalog(late, q));
    }
  });
});
