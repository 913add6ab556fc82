import { z } from 'zod';
import { effectivePrice } from './money';
import { matchesSearch, searchTerms, searchText } from './search-text';
import { byRelevance, engineOf, textHits, type TextHits } from './search-query';
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
import { SORTS } from './sorts';
/** The spec's sorts and ours: Best match (issue 29), the default when there is a search text. */
export const LISTING_SORTS = [...SORTS, 'relevance'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
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
    /** Absent: Best match with a search text, else latest (`sortOf`). */
    sort: z.enum(LISTING_SORTS).optional(),
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

/** The search text of a query (`q`, or its old name `name`). */
export const textOf = (q: CatalogQuery): string | undefined => q.q ?? q.name;

/** The sort a query means: the one asked for, else Best match with a search text, else latest. */
export function sortOf(q: CatalogQuery): ListingSort {
  return q.sort ?? (searchTerms(textOf(q)).length ? 'relevance' : 'latest');
}

export interface QueryableProduct extends Faceted {
  id: number;
  title: string;
  sku: string;
  sale_price: number | null;
  regular_price: number;
  categories: ReadonlyArray<{ slug: string; name?: string }>;
  collections: ReadonlyArray<string>;
  created_at: string;
  /** What the search engine reads besides (search-engine.ts); absent fields are not searched. */
  description?: string;
  colors?: ReadonlyArray<string>;
  sizes?: ReadonlyArray<string>;
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
  hits?: TextHits,
): boolean {
  return matchesFacetBase(p, q, terms, hits) && matchesShopFilters(p, q);
}

export function matchesPrice(
  p: QueryableProduct,
  maxPrice: number | undefined,
  minPrice?: number | undefined,
): boolean {
  const price = effectivePrice(p);
  return (maxPrice === undefined || maxPrice <= 0 || price <= maxPrice) && matchesMinPrice(price, minPrice);
}

/**
 * Filters other than the shop filters (size, colour, in stock) and the price: the set the facets are counted
 * over. matchesBase is this and the shop filters, so one pass can count a row and then test the rest of it.
 */
export function matchesFacetBase(
  p: QueryableProduct,
  q: CatalogQuery,
  terms: string[],
  hits?: TextHits,
): boolean {
  if (q.category && !p.categories.some((c) => c.slug === q.category)) return false;
  if (q.collection && !p.collections.includes(q.collection)) return false;
  if (!matchesStock(p, q.stock)) return false;
  return hits && terms.length ? hits.has(p.id) : matchesText(p, terms);
}

/** Total order for each sort; ties broken by id so every implementation pages identically. */
export function compareProducts(
  sort: ListingSort,
  hits?: TextHits,
): (a: QueryableProduct, b: QueryableProduct) => number {
  switch (sort) {
    case 'relevance':
      return hits ? byRelevance(hits, compareProducts('latest')) : compareProducts('latest');
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
): { items: T[]; total: number; maxPrice: number; suggestion?: string; facets?: Facets } {
  const terms = searchTerms(textOf(query));
  const hits = terms.length ? textHits(all, textOf(query)!, engineOf(all)) : undefined;
  const base = all.filter((p) => matchesBase(p, query, terms, hits));
  const maxPrice = base.reduce((m, p) => Math.max(m, effectivePrice(p)), 0);
  const filtered = base
    .filter((p) => matchesPrice(p, query.maxPrice, query.minPrice))
    .sort(compareProducts(sortOf(query), hits));
  const start = (query.page - 1) * query.limit;
  const listed = { items: filtered.slice(start, start + query.limit), total: filtered.length, maxPrice };
  const found = query.facets
    ? {
        ...listed,
        facets: countFacets(
          all.filter((p) => matchesFacetBase(p, query, terms, hits)),
          query,
        ),
      }
    : listed;
  // A text that finds nothing: a corrected one that finds something with the same filters (issue 29).
  const suggestion = hits && !found.total ? engineOf(all).didYouMean(textOf(query)!) : undefined;
  return suggestion &&
    runCatalogQuery(all, { ...query, q: suggestion, name: undefined, facets: undefined }).total
    ? { ...found, suggestion }
    : found;
}
