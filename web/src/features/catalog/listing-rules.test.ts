import { describe, expect, it } from 'vitest';
import { pageWindow } from '#web/components/page-window';
import { countText, listingTitle, showPagination, totalPages } from './listing-rules';

describe('listing rules', () => {
  it('titles the page from the category slug, else New Arrivals', () => {
    expect(listingTitle('t-shirts')).toBe('T Shirts');
    expect(listingTitle('summer_sale-picks')).toBe('Summer Sale Picks');
    expect(listingTitle('')).toBe('New Arrivals');
    expect(listingTitle(null)).toBe('New Arrivals');
  });

  it('titles a search for what was searched, in its category when one is chosen', () => {
    expect(listingTitle('', 'shirt')).toBe('Results for "shirt"');
    expect(listingTitle('t-shirts', 'blue')).toBe('Results for "blue" in T Shirts');
    expect(listingTitle(null, '')).toBe('New Arrivals');
  });

  it('uses the singular for exactly one product', () => {
    expect(countText(1)).toBe('1 product found');
    expect(countText(0)).toBe('0 products found');
    expect(countText(74)).toBe('74 products found');
  });

  it('shows pagination only above 12 products, 12 to a page', () => {
    expect(showPagination(12)).toBe(false);
    expect(showPagination(13)).toBe(true);
    expect(totalPages(13)).toBe(2);
    expect(totalPages(24)).toBe(2);
  });

  it('shows a window of at most 7 page numbers around the current page', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageWindow(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(3, 0)).toEqual([]);
  });
});
