import type { StockFilter } from '#contract/rules/stock-filter';

/**
 * The admin products screen at size (issue 27): what it asks the listing for and what its pager says.
 * The spec's 4 a page stays the default; the other sizes are for a catalogue of hundreds.
 */
export const PAGE_SIZES = [4, 12, 24, 48] as const;
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

export const STOCK_OPTIONS: ReadonlyArray<{ value: StockFilter; label: string }> = [
  { value: 'all', label: 'All stock' },
  { value: 'low', label: 'Low stock' },
  { value: 'out', label: 'Sold out' },
];

export interface ProductsView {
  page: number;
  size: number;
  /** Title or SKU words; '' for none. */
  q: string;
  stock: StockFilter;
}

export const FIRST_VIEW: ProductsView = { page: 1, size: DEFAULT_PAGE_SIZE, q: '', stock: 'all' };

/** The listing's query: only what narrows it is sent, so the default view asks exactly what the spec's screen asked. */
export function productsQuery(v: ProductsView): {
  limit: number;
  page: number;
  q?: string;
  stock?: StockFilter;
} {
  const q = v.q.trim();
  return {
    limit: v.size,
    page: v.page,
    ...(q ? { q } : {}),
    ...(v.stock !== 'all' ? { stock: v.stock } : {}),
  };
}

/** Pages for `total` products, at least 1 (an empty list is still page 1 of 1). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** "Page 2 of 19". */
export function pagerText(page: number, total: number, size: number): string {
  return `Page ${page} of ${pageCount(total, size)}`;
}

/** "1 product", "38 products"; with a filter, "3 of 76 products match" is not known, so the count is of what matches. */
export function productsSubtitle(total: number, filtered: boolean): string {
  const n = total === 1 ? '1 product' : `${total.toLocaleString()} products`;
  return filtered ? `${n} found` : `${n} in the catalogue`;
}
