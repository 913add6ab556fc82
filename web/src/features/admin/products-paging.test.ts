import { describe, expect, it } from 'vitest';
import { FIRST_VIEW, pageCount, pagerText, productsQuery, productsSubtitle } from './products-paging';

describe('products screen paging (issue 27)', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 4)).toBe(1);
    expect(pageCount(4, 4)).toBe(1);
    expect(pageCount(5, 4)).toBe(2);
    expect(pageCount(76, 4)).toBe(19);
    expect(pageCount(76, 48)).toBe(2);
  });

  it('says "Page N of M"', () => {
    expect(pagerText(2, 76, 4)).toBe('Page 2 of 19');
    expect(pagerText(1, 0, 4)).toBe('Page 1 of 1');
  });

  it("asks for the spec's 4 a page by default, and only the filters that narrow", () => {
    expect(FIRST_VIEW.size).toBe(4);
    expect(productsQuery(FIRST_VIEW)).toEqual({ limit: 4, page: 1 });
    expect(productsQuery({ page: 3, size: 12, q: '  TL-7 ', stock: 'low' })).toEqual({
      limit: 12,
      page: 3,
      q: 'TL-7',
      stock: 'low',
    });
    expect(productsQuery({ ...FIRST_VIEW, q: '   ', stock: 'all' })).toEqual({ limit: 4, page: 1 });
  });

  it('says how many products there are, or how many were found', () => {
    expect(productsSubtitle(1, false)).toBe('1 product in the catalogue');
    expect(productsSubtitle(1200, false)).toBe('1,200 products in the catalogue');
    expect(productsSubtitle(3, true)).toBe('3 products found');
  });
});
