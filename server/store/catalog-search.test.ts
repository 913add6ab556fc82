/**
 * The search index (trigrams, catalog/indexes.ts) must give exactly what the plain scan
 * (runCatalogQuery) gives for `q`: seeded fast-check queries (substrings of real titles and skus in
 * any case, accents, punctuation, empty and space-only text, one- and two-character words, words
 * longer than any title) over the demo catalogue and over a generated one with awkward titles, before
 * and after creates, title updates, deletes and a category rename.
 */
import fc from 'fast-check';
import { createRng } from '#fixtures/rng';
import { describe, expect, it } from 'vitest';
import type { CatalogQuery } from '#contract/rules/catalog-query';
import { catalogQuerySchema, runCatalogQuery, SORTS } from '#contract/rules/catalog-query';
import { searchTerms } from '#contract/rules/search-text';
import type { Category } from '#contract/schemas/category';
import { generateDemoStore } from '#fixtures/generate';
import { storedProductOf } from '#server/core/seed';
import { catalogStores } from '#server/test/catalog-stores';
import { createMemoryStores } from './memory-store';
import { createCatalogIndex, SEARCH_BUILD_SLICE } from '#server/core/catalog/indexes';
import { listCatalog } from '#server/core/catalog/listing';
import type { Stores } from '#server/core/ports';
import type { StoredProduct } from '#server/core/records';
import { toPublicProduct } from '#server/core/records';

const WORDS = [
  'Café',
  'CAFÉ',
  'cafe\u0301',
  'Straße',
  'STRASSE',
  'ΣΟΦΟΣ',
  'σοφός',
  'İstanbul',
  'T-shirt',
  "O'Neil",
  'x.y/z',
  '(50%)',
  '👕tee',
  'a',
  'ab',
  'denim',
  'DENIM-2',
  'Ñandú',
  'wool\u00a0blend',
  'slim',
];
const COLLECTIONS = ['everyday', 'street', 'summer'];
const cats: Category[] = [1, 2, 3].map((id) => ({ id, name: `Cat ${id}`, slug: `cat-${id}`, image: null }));

/** Query text, resolved against the current products so substrings of real texts come up often. */
type Text =
  | { kind: 'fixed'; q: string }
  | { kind: 'slice'; pick: number; start: number; len: number; upper: boolean }
  | { kind: 'two'; a: Text; b: Text };

const fixedText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    ' \t  ',
    'a',
    'é',
    'e\u0301',
    'ς',
    'Σ',
    'ss',
    'ß',
    '-',
    "'",
    '.',
    '👕',
    'zz',
    'x'.repeat(80),
  ),
  fc.constantFrom(
    'denimdenimdenimdenimdenim',
    'Café Straße',
    '  tee   slim ',
    'TL-',
    'tl-3',
    'nim',
    'İs',
    'i̇s',
  ),
  fc.string({ unit: fc.constantFrom(...'aeiounmtslé-ΣσςÉ. 👕'), maxLength: 8 }),
);
const sliceText = fc.record({
  kind: fc.constant('slice' as const),
  pick: fc.nat(),
  start: fc.nat(60),
  len: fc.integer({ min: 1, max: 14 }),
  upper: fc.boolean(),
});
const textArb: fc.Arbitrary<Text> = fc.oneof(
  { weight: 2, arbitrary: fixedText.map((q) => ({ kind: 'fixed' as const, q })) },
  { weight: 5, arbitrary: sliceText },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        sliceText,
        fc.oneof(
          sliceText,
          fixedText.map((q) => ({ kind: 'fixed' as const, q })),
        ),
      )
      .map(([a, b]) => ({ kind: 'two' as const, a, b })),
  },
);

/** The value one time in `every`, else null. */
const sometimes = <T>(arb: fc.Arbitrary<T>, every: number): fc.Arbitrary<T | null> =>
  fc.oneof({ weight: every - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });

const queryArb = fc.record({
  text: textArb,
  useName: fc.boolean(),
  // An index into the catalogue's own categories and collections (so any catalogue works), or a miss.
  category: sometimes(fc.oneof(fc.nat(), fc.constant('missing')), 4),
  collection: sometimes(fc.oneof(fc.nat(), fc.constant('missing')), 5),
  maxPrice: sometimes(fc.constantFrom(0, 20, 45, 80), 3),
  sort: fc.constantFrom(...SORTS),
  page: fc.integer({ min: 1, max: 3 }),
  limit: fc.constantFrom(1, 5, 12, 100),
});
type QuerySpec = typeof queryArb extends fc.Arbitrary<infer T> ? T : never;

function resolve(t: Text, rows: readonly StoredProduct[]): string {
  if (t.kind === 'fixed') return t.q;
  if (t.kind === 'two') return `${resolve(t.a, rows)} ${resolve(t.b, rows)}`;
  const row = rows[t.pick % rows.length]!;
  const text = `${row.title} ${row.sku}`;
  const s = text.slice(t.start % text.length, (t.start % text.length) + t.len);
  return t.upper ? s.toUpperCase() : s;
}

function toQuery(
  spec: QuerySpec,
  rows: readonly StoredProduct[],
  categories: readonly Category[],
): CatalogQuery | undefined {
  const text = resolve(spec.text, rows).slice(0, 200);
  const collections = [...new Set(rows.flatMap((p) => p.collections))];
  const one = (choice: number | string | null, names: readonly string[]) =>
    choice === null
      ? undefined
      : typeof choice === 'string' || !names.length
        ? 'missing'
        : names[choice % names.length];
  const parsed = catalogQuerySchema.safeParse({
    [spec.useName ? 'name' : 'q']: text,
    category: one(
      spec.category,
      categories.map((c) => c.slug),
    ),
    collection: one(spec.collection, collections),
    maxPrice: spec.maxPrice ?? undefined,
    sort: spec.sort,
    page: spec.page,
    limit: spec.limit,
  });
  return parsed.success ? parsed.data : undefined;
}

interface Tally {
  compared: number;
  nonEmpty: number;
  narrowed: number;
}

/** Compares `count` seeded queries; the scan's input is built once per call (no writes in between). */
/** Each count past its floor: the seeded queries must really find rows and really narrow the scan. */
function expectPast(tally: Tally, floor: Tally): void {
  for (const k of Object.keys(floor) as (keyof Tally)[]) expect(tally[k], k).toBeGreaterThan(floor[k]);
}

function compare(stores: Stores, seed: number, count: number, tally: Tally): void {
  const index = indexOf(stores);
  const rows = stores.products.all();
  const byId = new Map(stores.categories.all().map((c) => [c.id, c]));
  const all = rows.map((p) => toPublicProduct(p, byId));
  for (const spec of fc.sample(queryArb, { seed, numRuns: count })) {
    const q = toQuery(spec, rows, stores.categories.all());
    if (!q) continue;
    const want = runCatalogQuery(all, q);
    expect(listCatalog(index, q), JSON.stringify(q)).toEqual(want);
    tally.compared++;
    if (want.total > 0) tally.nonEmpty++;
    const pool = index.searchCandidates(searchTerms(q.q ?? q.name));
    if (pool && pool.length < rows.length) tally.narrowed++;
  }
}

const indexes = new WeakMap<Stores, ReturnType<typeof createCatalogIndex>>();
function indexOf(stores: Stores) {
  let index = indexes.get(stores);
  if (!index) indexes.set(stores, (index = createCatalogIndex(stores)));
  return index;
}

/** Seeded; nextInt(a, b) is inclusive, as fast-check's. */
function rng(seed: number) {
  const { next } = createRng(seed);
  return { nextInt: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}
type Rng = ReturnType<typeof rng>;

function generated(r: Rng, id: number): StoredProduct {
  const word = () => WORDS[r.nextInt(0, WORDS.length - 1)]!;
  const regular = 10 + r.nextInt(0, 14) * 5;
  return {
    id,
    title: `${word()} ${word()}${r.nextInt(0, 3) === 0 ? word() : ''} ${id}`,
    short_description: '',
    description: '',
    sku: r.nextInt(0, 4) === 0 ? `Ñ-${id}` : `TL-${id}`,
    featured_image: null,
    images: [],
    sale_price: r.nextInt(0, 3) === 0 ? regular - 5 : null,
    regular_price: regular,
    category_ids: r.nextInt(0, 9) === 0 ? [] : [cats[r.nextInt(0, cats.length - 1)]!.id],
    sizes: [],
    colors: [],
    collections: COLLECTIONS.filter(() => r.nextInt(0, 2) === 0),
    created_at: `2026-0${1 + r.nextInt(0, 2)}-1${r.nextInt(0, 2)}T10:00:00.000Z`,
  };
}

describe('the search index agrees with the plain scan', () => {
  it('on the demo catalogue, for 1,500 seeded queries', async () => {
    const demo = generateDemoStore();
    const stores = await catalogStores(
      demo.categories,
      demo.products.map((p) => storedProductOf(p)),
    );
    const tally: Tally = { compared: 0, nonEmpty: 0, narrowed: 0 };
    compare(stores, 13, 1500, tally);
    expectPast(tally, { compared: 1400, nonEmpty: 500, narrowed: 900 });
  });

  it('on a generated catalogue with awkward text, through creates, title updates, deletes and a rename', async () => {
    const r = rng(20260513);
    const stores = await catalogStores(
      cats,
      Array.from({ length: 400 }, (_, i) => generated(r, i + 1)),
    );
    let nextId = 401;
    const tally: Tally = { compared: 0, nonEmpty: 0, narrowed: 0 };
    for (let round = 0; round < 6; round++) {
      compare(stores, 1000 + round, 400, tally);
      const ids = stores.products.all().map((p) => p.id);
      const any = () => ids[r.nextInt(0, ids.length - 1)]!;
      await Promise.all([
        stores.products.change(() => ({ put: [generated(r, nextId++), generated(r, nextId++)], result: 0 })),
        stores.products.change(() => ({ remove: [any(), any()], result: 0 })),
        stores.products.change((get) => {
          const p = get(any());
          return {
            put: p ? [{ ...p, title: `${WORDS[r.nextInt(0, WORDS.length - 1)]} renamed` }] : [],
            result: 0,
          };
        }),
        stores.products.mutate((rows) => ({
          rows: rows.map((p) =>
            r.nextInt(0, 49) === 0 ? { ...p, title: p.title.toUpperCase(), sku: 'ÉTÉ' } : p,
          ),
          result: 0,
        })),
      ]);
      if (round === 2)
        await stores.categories.mutate((rows) => ({
          rows: rows.map((c) => (c.id === 2 ? { ...c, slug: 'renamed', name: 'Renamed' } : c)),
          result: 0,
        }));
    }
    compare(stores, 99, 400, tally);
    expectPast(tally, { compared: 2500, nonEmpty: 1300, narrowed: 1600 });
  });

  it('an index kept from the start and one built after the writes agree', async () => {
    const r = rng(5);
    const stores = createMemoryStores();
    const early = createCatalogIndex(stores);
    early.searchCandidates(['den']); // build the search index while the catalogue is empty
    await stores.categories.mutate((rows) => ({ rows: [...rows, ...cats], result: undefined }));
    for (let i = 1; i <= 60; i++) await stores.products.change(() => ({ put: [generated(r, i)], result: 0 }));
    await stores.products.change(() => ({ remove: [3, 7, 11], result: 0 }));
    const late = createCatalogIndex(stores);
    const rows = stores.products.all();
    for (const spec of fc.sample(queryArb, { seed: 6, numRuns: 200 })) {
      const q = toQuery(spec, rows, stores.categories.all());
      if (q) expect(listCatalog(early, q)).toEqual(listCatalog(late, q));
    }
  });

  it('builds in slices between requests: searches scan meanwhile, and writes during the build are indexed', async () => {
    const r = rng(9);
    const count = SEARCH_BUILD_SLICE * 2 + 500;
    const stores = await catalogStores(
      cats,
      Array.from({ length: count }, (_, k) => generated(r, k + 1)),
    );
    const pending: (() => void)[] = [];
    const index = createCatalogIndex(stores, { schedule: (next) => void pending.push(next) });
    const scan = (q: CatalogQuery) =>
      runCatalogQuery(
        stores.products.all().map((p) => toPublicProduct(p, new Map(cats.map((c) => [c.id, c])))),
        q,
      );
    const query = catalogQuerySchema.parse({ q: 'denim', limit: 50 });

    expect(index.searchCandidates(['denim'])).toBeUndefined(); // first slice done, two to go
    expect(listCatalog(index, query)).toEqual(scan(query));
    // A product not indexed yet changes, one is removed and one is added while the build runs.
    const last = stores.products.all().at(-1)!;
    await stores.products.change(() => ({ put: [{ ...last, title: 'Zebra denim special' }], result: 0 }));
    await stores.products.change(() => ({ remove: [count - 1], result: 0 }));
    await stores.products.change(() => ({
      put: [{ ...generated(r, count + 1), title: 'Zebra parka' }],
      result: 0,
    }));
    pending.shift()!();
    expect(index.searchCandidates(['denim'])).toBeUndefined();
    pending.shift()!();
    expect(pending).toHaveLength(0);
    expect(index.searchCandidates(['zebra'])).toHaveLength(2);
    for (const q of ['denim', 'zebra', 'parka', 'tee', 'special', 'ñ-', 'tl-4']) {
      const cq = catalogQuerySchema.parse({ q, limit: 100 });
      expect(listCatalog(index, cq), q).toEqual(scan(cq));
    }
  });
});
