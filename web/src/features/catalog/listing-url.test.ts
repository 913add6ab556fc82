import { describe, expect, it } from 'vitest';
import { SORTS } from '#contract/rules/catalog-query';
import { listingSearchOf, searchListingUrl } from './listing-text';
import {
  changeListing,
  DEFAULT_LISTING,
  listingSearch,
  listingUrl,
  parseListing,
  productQuery,
  toggleValue,
  type ListingState,
} from './listing-url';

const full: ListingState = {
  category: 't-shirts',
  name: 'blue shirt',
  collection: 'everyday-comfort',
  sort: 'price_desc',
  maxPrice: 49.5,
  page: 3,
  size: ['L', 'M'],
  color: ['navy', 'Red'],
  in_stock: 1,
  minPrice: 10,
};

describe('listing URL: parse and serialise', () => {
  it('round-trips every field, and a canonical URL comes back unchanged', () => {
    const search = listingSearch(full);
    expect(search).toBe(
      '?category=t-shirts&name=blue+shirt&collection=everyday-comfort&sort=price_desc&maxPrice=49.5&page=3' +
        '&size=L&size=M&color=navy&color=Red&in_stock=1&minPrice=10',
    );
    expect(parseListing(search)).toEqual(full);
    expect(listingSearch(parseListing(search))).toBe(search);
    for (const sort of SORTS) expect(parseListing(listingSearch({ ...full, sort })).sort).toBe(sort);
  });

  it('leaves defaults and empty values out: no empty search=, name=, page=1 or sort=latest', () => {
    expect(listingSearch(DEFAULT_LISTING)).toBe('');
    expect(listingUrl(DEFAULT_LISTING)).toBe('/products');
    expect(listingUrl({ ...DEFAULT_LISTING, category: 'jeans', page: 1, sort: 'latest', maxPrice: 0 })).toBe(
      '/products?category=jeans',
    );
    // The spec's old header target: its empty search= and name= are dropped when written back.
    const old = parseListing('?search=&name=&category=jeans');
    expect(listingSearch(old)).toBe('?category=jeans');
    expect(listingSearch(parseListing('?search=&name=tee'))).toBe('?name=tee');
  });

  it('writes the same state the same way whatever order the URL had', () => {
    expect(listingSearch(parseListing('?page=2&sort=price_asc&category=jeans'))).toBe(
      '?category=jeans&sort=price_asc&page=2',
    );
  });

  it('reads bad or unknown values as the defaults, never failing', () => {
    const bad = [
      'sort=cheapest',
      'sort=',
      'sort=LATEST',
      'page=0',
      'page=-2',
      'page=2.5',
      'page=abc',
      'page=1e3',
      'page=9999999',
      'maxPrice=-5',
      'maxPrice=abc',
      'maxPrice=1e3',
      'maxPrice=0x10',
      'maxPrice=Infinity',
      'maxPrice=12.345',
      'maxPrice=',
      'name=%20%20',
      'category=a%00b',
      'unknown=1',
      '%E0%A4%A=broken',
    ];
    for (const q of bad) expect(parseListing(q), q).toEqual(DEFAULT_LISTING);
    expect(parseListing('?page=abc&sort=price_asc&maxPrice=-1&category=jeans')).toEqual({
      ...DEFAULT_LISTING,
      sort: 'price_asc',
      category: 'jeans',
    });
  });

  it('trims text and cuts it at the catalogue query limit of 200 characters', () => {
    expect(parseListing('?name=%20%20linen%20').name).toBe('linen');
    expect(parseListing(`?name=${'a'.repeat(500)}`).name).toHaveLength(200);
  });

  it('keeps the first of repeated parameters', () => {
    expect(parseListing('?page=2&page=5').page).toBe(2);
  });
});

describe('listing URL: changes and the API query', () => {
  it('starts again at page 1 on any filter change, and keeps the rest', () => {
    expect(changeListing(full, { sort: 'latest' })).toEqual({ ...full, sort: 'latest', page: 1 });
    expect(changeListing(full, { page: 4 })).toEqual({ ...full, page: 4 });
  });

  it('asks the API with the spec names: q for the search, maxPrice only when positive', () => {
    expect(productQuery(full)).toMatchObject({
      page: 3,
      limit: 12,
      sort: 'price_desc',
      maxPrice: 49.5,
      category: 't-shirts',
      q: 'blue shirt',
      collection: 'everyday-comfort',
    });
    expect(productQuery(DEFAULT_LISTING)).toMatchObject({
      page: 1,
      limit: 12,
      sort: 'latest',
      maxPrice: undefined,
      category: undefined,
      q: undefined,
      collection: undefined,
    });
  });
});

describe("the header's slim reader and writer (listing-text.ts) agree with the listing's", () => {
  const samples = ['', 'tee', '  linen shirt  ', 'a&b=c', 'x'.repeat(250), 'bad\u0000text', 'ünï cödé'];
  it.each(samples)('%j', (text) => {
    for (const category of ['', 'jeans', 'a b']) {
      const url = searchListingUrl(text, category);
      expect(url).toBe(listingUrl({ ...DEFAULT_LISTING, name: text.trim(), category }));
      const back = parseListing(url.slice('/products'.length));
      expect(listingSearchOf(url.slice('/products'.length))).toEqual({
        name: back.name,
        category: back.category,
      });
    }
  });
});

describe('listing URL: the shop filters (issue 29)', () => {
  it('bad values fall back: unknown in_stock, a floor above the cap, empty, long or repeated sizes', () => {
    const s = parseListing(
      `?in_stock=2&minPrice=50&maxPrice=20&size=&size=${'x'.repeat(41)}&size=m&size=M&color=Red`,
    );
    expect(s).toMatchObject({ in_stock: 0, minPrice: 0, maxPrice: 20, size: ['m'], color: ['Red'] });
    expect(listingSearch(s)).toBe('?maxPrice=20&size=m&color=Red');
  });

  it('sends the lists, in_stock, minPrice and asks for the facets', () => {
    const q = productQuery({
      ...DEFAULT_LISTING,
      size: ['M'],
      color: ['Red', 'navy'],
      in_stock: 1,
      minPrice: 5,
    });
    expect(q).toMatchObject({ size: ['M'], color: ['Red', 'navy'], in_stock: '1', minPrice: 5, facets: '1' });
    expect(productQuery(DEFAULT_LISTING)).toMatchObject({
      size: undefined,
      in_stock: undefined,
      minPrice: undefined,
    });
  });
});

describe('toggleValue (the size and colour checkboxes)', () => {
  it('adds a value in key order and takes it out in any spelling; the URL written is canonical', () => {
    expect(toggleValue(['L', 'S'], 'M')).toEqual(['L', 'M', 'S']);
    expect(toggleValue(['L', 'M', 'S'], 'm')).toEqual(['L', 'S']);
    expect(toggleValue([], 'Navy')).toEqual(['Navy']);
    const state = { ...DEFAULT_LISTING, size: toggleValue(toggleValue([], 'XL'), 'L') };
    expect(listingSearch(parseListing(listingSearch(state)))).toBe(listingSearch(state));
  });
});
