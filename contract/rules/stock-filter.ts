/**
 * The products listing's stock filter (issue 27): `stock=low` keeps the products the stock rules call low
 * ("Only N left", 1 to LOW_STOCK units across the product), `stock=out` the sold-out ones (tracked, 0 units),
 * `stock=all` (or none) every product. Products that do not track stock are never low nor sold out.
 * Public, like the labels it filters by: every shopper already sees "Only N left" and "Sold out" on a card.
 */
import { z } from 'zod';
import { stockLevel } from './stock';

export const STOCK_FILTERS = ['all', 'low', 'out'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

/** Optional: a client that never sends it gets the spec's listing, and the answer cache keys stay as they were. */
export const stockFilterSchema = z.enum(STOCK_FILTERS).optional();

type Stocked = Parameters<typeof stockLevel>[0];

export function matchesStock(p: Stocked, filter: StockFilter | undefined): boolean {
  if (filter === undefined || filter === 'all') return true;
  return stockLevel(p).kind === filter;
}
