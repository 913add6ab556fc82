/**
 * The server's search listing (catalog/search-listing.ts: the engine's typed hits, entries looked up by id,
 * each visited once per search) against the plain scan (runCatalogQuery, which builds a Map of the matches
 * and sorts every product): the same items in the same order, totals, maxPrice, facet counts and "Did you
 * mean" on random catalogues with many equal scores, for misspelt, plural, prefix, colour and category
 * words with random filters, sorts and pages, through creates, updates and deletes.
 */
import { describe, expect, it } from 'vitest';
import type { CatalogQuery } from '#contract/rules/catalog-query';
import { catalogQuerySchema, runCatalogQuery } from '#contract/rules/catalog-query';
import type { Category } from '#contract/schemas/category';
import { catalogStores } from '#server/test/catalog-stores';
import { createRng, type Rng } from '#fixtures/rng';
import type { Stores } from '../ports';
import type { StoredProduct } from '../records';
import { toPublicProduct } from '../records';
import { byDate, byTime, COLUMN_IDS, createCatalogIndex, IdColumns } from './indexes';
import { listCatalog } from './listing';

const WORDS = ['jacket', 'shirt', 'dress', 'trousers', 'hoodie', 'linen', 'denim', 'classic', 'parka', 'tee'];
const SIZES = ['S', 'M', 'L', 'XL'];
const COLORS = ['Red', 'Navy', 'Olive', 'Black'];
const cats: Category[] = ['Jackets', 'Shirts', 'Dresses'].map((name, i) => ({
  id: i + 1,
  name,
  slug: name.toLowerCase(),
  image: null,
}));
const some = (r: Rng, from: string[], p: number) => from.filter(() => r.next() < p);

/** Another spelling of a value now and then (" navy", "RED"): the facets name a value by its smallest spelling. */
const respell = (r: Rng, value: string): string =>
  r.next() < 0.9 ? value : r.pick([` ${value.toLowerCase()}`, value.toUpperCase(), `${value} `]);

function product(r: Rng, id: number): StoredProduct {
  // Now and then one of many EU sizes: more than 32 size keys in all (the fact columns hold the first 32 as bits).
  const sizes = [...some(r, SIZES, 0.4), ...(r.next() < 0.2 ? [`EU ${30 + r.int(60)}`] : [])].map((v) =>
    respell(r, v),
  );
  const colors = some(r, COLORS, 0.35).map((v) => respell(r, v));
  const regular = 10 + r.int(8) * 5;
  return {
    id,
    // Two words of a small vocabulary: many products score alike, so the tie-break decides the order.
    title: `${r.pick(WORDS)} ${r.pick(WORDS)}${r.next() < 0.2 ? ` ${id}` : ''}`,
    short_description: '',
    description: r.next() < 0.3 ? `<p>Made of <b>${r.pick(WORDS)}</b> &amp; cotton</p>` : '',
    sku: `TL-${id}`,
    featured_image: null,
    images: [],
    sale_price: r.next() < 0.3 ? regular - 5 : null,
    regular_price: regular,
    category_ids: r.next() < 0.2 ? [] : [r.pick(cats).id],
    sizes,
    colors,
    collections: r.next() < 0.3 ? ['summer'] : [],
    // Few distinct dates: equal scores and equal dates, broken by id.
    created_at: `2026-0${1 + r.int(3)}-1${r.int(3)}T10:00:00.000Z`,
    ...(r.next() < 0.4
      ? {}
      : {
          inventory: sizes.flatMap((size) =>
            colors.map((color) => ({ size, color, quantity: r.int(2), held: 0 })),
          ),
        }),
  };
}

/** One typo: a letter dropped, added, changed, or two neighbours swapped. */
function misspell(r: Rng, word: string): string {
  const i = r.int(word.length - 1);
  switch (r.int(4)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + 'x' + word.slice(i);
    case 2:
      return word.slice(0, i) + (word[i] === 'z' ? 'y' : 'z') + word.slice(i + 1);
    default:
      return word.slice(0, i) + word[i + 1]! + word[i]! + word.slice(i + 2);
  }
}

function text(r: Rng): string {
  const word = r.pick(WORDS);
  switch (r.int(7)) {
    case 0:
      return misspell(r, word);
    case 1:
      return `${word}s`;
    case 2:
      return word.slice(0, 3 + r.int(3)); // typed so far
    case 3:
      return r.pick(COLORS).toLowerCase();
    case 4:
      return `${r.pick(cats).name} ${misspell(r, r.pick(WORDS))}`;
    case 5:
      return `${r.pick(WORDS)} ${word}`;
    default:
      return r.next() < 0.5 ? 'zzqx' : word;
  }
}

function query(r: Rng): CatalogQuery {
  const q = catalogQuerySchema.safeParse({
    [r.next() < 0.5 ? 'q' : 'name']: text(r),
    category: r.next() < 0.3 ? r.pick(cats).slug : undefined,
    collection: r.next() < 0.15 ? 'summer' : undefined,
    maxPrice: r.next() < 0.3 ? r.pick([20, 30, 45]) : undefined,
    minPrice: r.next() < 0.2 ? r.pick([15, 25]) : undefined,
    sort: r.next() < 0.5 ? undefined : r.pick(['relevance', 'latest', 'price_asc', 'price_desc']),
    page: 1 + r.int(3),
    limit: r.pick([1, 5, 12, 40]),
    size:
      r.next() < 0.25
        ? [...some(r, SIZES, 0.4), ...(r.next() < 0.3 ? [`EU ${30 + r.int(60)}`] : [])]
        : undefined,
    color: r.next() < 0.25 ? some(r, COLORS, 0.4) : undefined,
    in_stock: r.next() < 0.2 ? '1' : undefined,
    facets: r.next() < 0.5 ? '1' : undefined,
  });
  return q.success ? q.data : query(r);
}

const shown = (p: StoredProduct) =>
  p.inventory?.map(({ size, color, quantity }) => ({ size, color, quantity }));

describe('the search listing reads the engine typed hits exactly as the plain scan reads its Map', () => {
  it('for 900 random searches over random catalogues, through creates, updates and deletes', async () => {
    const r = createRng(2929);
    const stores: Stores = await catalogStores(
      cats,
      Array.from({ length: 400 }, (_, i) => product(r, i + 1)),
    );
    const index = createCatalogIndex(stores, { stock: { shown, onShownChange: () => undefined } });
    let nextId = 401;
    let found = 0;
    let typos = 0;
    let suggested = 0;
    for (let round = 0; round < 6; round++) {
      const byId = new Map(stores.categories.all().map((c) => [c.id, c]));
      const all = stores.products.all().map((p) => toPublicProduct(p, byId, shown));
      for (let i = 0; i < 150; i++) {
        const q = query(r);
        const want = runCatalogQuery(all, q);
        expect(listCatalog(index, q), JSON.stringify(q)).toEqual(want);
        if (want.total > 0) found++;
        if (want.suggestion) suggested++;
        const t = (q.q ?? q.name ?? '').toLowerCase();
        if (want.total > 0 && !all.some((p) => `${p.title} ${p.sku}`.toLowerCase().includes(t))) typos++;
      }
      // The trigram index builds between requests: later rounds use it, the first scans.
      await new Promise((done) => setTimeout(done, 0));
      // From the fourth round, new products get ids the id columns do not cover (their entries answer).
      if (round === 2) nextId = COLUMN_IDS + 7;
      const ids = stores.products.all().map((p) => p.id);
      await Promise.all([
        stores.products.change(() => ({ put: [product(r, nextId++), product(r, nextId++)], result: 0 })),
        stores.products.change(() => ({ remove: [r.pick(ids), r.pick(ids), r.pick(ids)], result: 0 })),
        // Changed products: new sizes, colours and stock under the same ids.
        stores.products.change((get) => {
          const changed = Array.from({ length: 20 }, () => get(r.pick(ids))).filter((p) => p !== undefined);
          return { put: [...new Map(changed.map((p) => [p.id, product(r, p.id)])).values()], result: 0 };
        }),
      ]);
    }
    // The comparisons must mostly find something, and many only through the engine (typos, forms).
    expect(found).toBeGreaterThan(600);
    expect(typos).toBeGreaterThan(300);
    expect(suggested).toBeGreaterThan(5);
  });
});

describe('IdColumns', () => {
  it('keeps price and time by id, forgets a removed id, and never hands out a mark an id still carries', () => {
    const cols = new IdColumns();
    const e = (id: number, price: number) =>
      ({ row: { id }, price, text: '', time: id * 10 }) as unknown as Parameters<IdColumns['set']>[0];
    cols.set(e(5, 12));
    cols.set(e(5000, 30)); // past the first size: the columns grow, keeping what they hold
    cols.set(e(COLUMN_IDS, 1)); // not kept
    expect([cols.price[5], cols.time[5], cols.price[5000], cols.time[5000]]).toEqual([12, 50, 30, 50000]);
    expect([cols.covers(5000), cols.covers(COLUMN_IDS)]).toEqual([true, false]);
    cols.clear(5);
    expect(cols.price[5]).toBeNaN();
    const first = cols.nextMark();
    cols.mark[5000] = first;
    // Up to the last mark a Uint32Array holds, then a fresh start with every mark cleared.
    (cols as unknown as { lastMark: number }).lastMark = 0xffffffff - 1;
    expect(cols.nextMark()).toBe(0xffffffff);
    cols.mark[5000] = 0xffffffff;
    expect(cols.nextMark()).toBe(1);
    expect(cols.mark[5000]).toBe(0);
  });
});

describe('byTime', () => {
  it('orders as byDate, for canonical times, other spellings and equal times', async () => {
    const times = [
      '2026-01-10T10:00:00.000Z',
      '2026-01-10T10:00:00.000Z',
      '2026-01-10T10:00:00.001Z',
      '2025-12-31T23:59:59.999Z',
      '2026-01-10T10:00:00Z',
      '2026-01-10',
      '2026-01-10T11:00:00.000+01:00',
      '',
    ];
    const r = createRng(5);
    const stores = await catalogStores(
      cats,
      times.map((created_at, i) => ({ ...product(r, i + 1), created_at })),
    );
    const index = createCatalogIndex(stores);
    const entries = times.map((_, i) => index.entry(i + 1)!);
    for (const a of entries)
      for (const b of entries)
        expect(Math.sign(byTime(a, a.time!, b, b.time!)), `${a.row.created_at} ${b.row.created_at}`).toBe(
          Math.sign(byDate(a, b)),
        );
  });
});
