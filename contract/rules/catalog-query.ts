import { z } from 'zod';
import { effectivePrice } from './money';
import { matchesSearch, searchTerms, searchText } from './search-text';
import { lineText } from './text';
import { matchesStock, stockFilterSchema } from './stock-filter';
import {
  checkPriceRange,
  countFacets,
  type Faceted,
  type Facets,
  filterQueryShape,
  matchesMinPrice,
  matchesShopFilters,
} from './catalog-filters';

export { searchTerms } from './search-text';

/**
 * The catalogue query, shared by the server (indexed), the MSW mock (same core) and the offline
 * Dexie layer (local scan). All three must return the same items and totals for the same query.
 */
export { SORTS, type Sort } from './sorts';
import { SORTS, type Sort } from './sorts';
export const LIMIT_MAX = 100;
export const LIMIT_DEFAULT = 12;

const optionalText = lineText(200)
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

export const catalogQuerySchema = z
  .object({
    category: optionalText,
    q: optionalText,
    name: optionalText,
    collection: optionalText,
    maxPrice: z.coerce.number().finite().nonnegative().optional(),
    sort: z.enum(SORTS).default('latest'),
    stock: stockFilterSchema,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .default(LIMIT_DEFAULT)
      .transform((n) => Math.min(n, LIMIT_MAX)),
    ...filterQueryShape,
  })
  .superRefine(checkPriceRange);
export type CatalogQueryInput = z.input<typeof catalogQuerySchema>;
export type CatalogQuery = z.output<typeof catalogQuerySchema>;

export interface QueryableProduct extends Faceted {
  id: number;
  title: string;
  sku: string;
  sale_price: number | null;
  regular_price: number;
  categories: ReadonlyArray<{ slug: string }>;
  collections: ReadonlyArray<string>;
  created_at: string;
  inventory?: ReadonlyArray<{ size: string; color: string; quantity: number }> | undefined;
}

/** A product matches when its title or sku holds every word (the matcher: search-text.ts). */
export function matchesText(p: QueryableProduct, terms: string[]): boolean {
  return terms.length === 0 || matchesSearch(searchText(p), terms);
}

/** Filters other than the price: these decide the set whose highest price is `maxPrice`. */
export function matchesBase(
  p: QueryableProduct,
  q: CatalogQuery,
  terms = searchTerms(q.q ?? q.name),
): boolean {
  if (q.category && !p.categories.some((c) => c.slug === q.category)) return false;
  if (q.collection && !p.collections.includes(q.collection)) return false;
  if (!matchesStock(p, q.stock)) return false;
  if (!matchesShopFilters(p, q)) return false;
  return matchesText(p, terms);
}

export function matchesPrice(
  p: QueryableProduct,
  maxPrice: number | undefined,
  minPrice?: number | undefined,
): boolean {
  const price = effectivePrice(p);
  return (maxPrice === undefined || maxPrice <= 0 || price <= maxPrice) && matchesMinPrice(price, minPrice);
}

/** Filters other than the shop filters and the price: the set the facets are counted over. */
export function matchesFacetBase(p: QueryableProduct, q: CatalogQuery, terms: string[]): boolean {
  return matchesBase(p, { ...q, size: undefined, color: undefined, in_stock: undefined }, terms);
}

/** Total order for each sort; ties broken by id so every implementation pages identically. */
export function compareProducts(sort: Sort): (a: QueryableProduct, b: QueryableProduct) => number {
  switch (sort) {
    case 'price_asc':
      return (a, b) => effectivePrice(a) - effectivePrice(b) || a.id - b.id;
    case 'price_desc':
      return (a, b) => effectivePrice(b) - effectivePrice(a) || b.id - a.id;
    case 'latest':
      return (a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id);
  }
}

/** The reference implementation: a plain scan. Indexes and the offline layer must agree with it. */
export function runCatalogQuery<T extends QueryableProduct>(
  all: ReadonlyArray<T>,
  query: CatalogQuery,
): { items: T[]; total: number; maxPrice: number; facets?: Facets } {
  const terms = searchTerms(query.q ?? query.name);
  const base = all.filter((p) => matchesBase(p, query, terms));
  const maxPrice = base.reduce((m, p) => Math.max(m, effectivePrice(p)), 0);
  const filtered = base
    .filter((p) => matchesPrice(p, query.maxPrice, query.minPrice))
    .sort(compareProducts(query.sort));
  const start = (query.page - 1) * query.limit;
  const out = { items: filtered.slice(start, start + query.limit), total: filtered.length, maxPrice };
  if (!query.facets) return out;
  return {
    ...out,
    facets: countFacets(
      all.filter((p) => matchesFacetBase(p, query, terms)),
      query,
    ),
  };
}
