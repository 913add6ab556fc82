import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogQuerySchema, runCatalogQuery, type QueryableProduct } from './catalog-query';
import { matchesSearch, searchTerms, searchText } from './search-text';

const product = (id: number, title: string, extra: Partial<QueryableProduct> = {}): QueryableProduct => ({
  id,
  title,
  sku: `TL-${id}`,
  sale_price: null,
  regular_price: 20,
  categories: [],
  collections: [],
  created_at: `2026-01-${String(10 + (id % 20)).padStart(2, '0')}T10:00:00.000Z`,
  ...extra,
});

const shop = [
  product(1, 'Waxed Field Jacket', { categories: [{ slug: 'jackets', name: 'Jackets' }], colors: ['olive'] }),
  product(2, 'Oxford Shirt', { categories: [{ slug: 'shirts', name: 'Shirts' }], colors: ['white'] }),
  product(3, 'Wrap Dress', { categories: [{ slug: 'dresses', name: 'Dresses' }], colors: ['red'] }),
  product(4, 'Drawstring Trousers', { description: '<p>Cut from <b>linen</b> &amp; cotton</p>' }),
  product(5, 'Jacket Pin Badge', { description: 'A small pin for your jacket' }),
];
const first = (q: string) => runCatalogQuery(shop, catalogQuerySchema.parse({ q })).items[0]?.id;

describe('search finds the product meant, first', () => {
  it.each([
    ['jakcet', 1], // a swap is one typo
    ['jaket', 1], // a letter dropped
    ['shirts', 2], // plural
    ['dresses', 3],
    ['red dress', 3], // colour + word
    ['olive', 1],
    ['linen trousers', 4], // description text, markup stripped
    ['oxfo', 2], // the last word as a prefix
  ])('%s', (q, id) => expect(first(q)).toBe(id));

  it('ranks the title above the description', () => {
    expect(runCatalogQuery(shop, catalogQuerySchema.parse({ q: 'jacket' })).items.map((p) => p.id)).toEqual([
      1, 5,
    ]);
  });

  it('keeps the spec sorts when asked', () => {
    const q = catalogQuerySchema.parse({ q: 'jacket', sort: 'latest' });
    expect(runCatalogQuery(shop, q).items.map((p) => p.id)).toEqual([5, 1]);
  });
});

describe('superset rule', () => {
  const word = fc.stringMatching(/^[a-zA-Zé -]{1,8}$/);
  it('every product the substring search found is still found, on random catalogues and words', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(word, word, word), { minLength: 1, maxLength: 30 }),
        word,
        (titles, q) => {
          const all = titles.map(([a, b, c], i) => product(i + 1, `${a} ${b}${c}`));
          const terms = searchTerms(q);
          fc.pre(terms.length > 0);
          const found = new Set(
            runCatalogQuery(all, catalogQuerySchema.parse({ q, limit: 100 })).items.map((p) => p.id),
          );
          for (const p of all)
            if (matchesSearch(searchText(p), terms)) expect(found.has(p.id), p.title).toBe(true);
        },
      ),
      { numRuns: 300, seed: 29 },
    );
  });
});
