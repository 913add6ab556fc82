/**
 * A catalogue listing read from the indexes (catalog/indexes.ts), with the results of the plain scan in
 * contract/rules/catalog-query.ts (runCatalogQuery), item for item, total for total.
 *
 * Cost: with category OR collection (or neither) and no text, a page is read straight from the
 * matching sorted list: price sorts slice it, maxPrice is a binary search, the response's maxPrice is
 * the list's last price, so the work is O(log n + page). `latest` with maxPrice walks the date list
 * skipping dearer products (O(offset + page) in the worst case). Category AND collection together scan
 * the smaller candidate list (O(candidates)). Text search (q/name) takes the search index's candidates
 * (the products of the rarest trigram of the words) when they are fewer than the list it would scan,
 * tests each with the exact matcher and the other filters, and sorts the matches (O(k + m log m));
 * words shorter than three characters only scan, as before. The shop filters (size, colour, in stock) test
 * each candidate's facts as numbers (catalog/facet-index.ts); with facets=1 the candidates without the shop
 * filters are walked once in the sort's order, counted and kept (O(candidates)).
 */
import type { CatalogQuery } from '#contract/rules/catalog-query';
import { sortOf } from '#contract/rules/catalog-query';
import { matchesSearch, searchTerms } from '#contract/rules/search-text';
import { matchesStock } from '#contract/rules/stock-filter';
import type { Facets } from '#contract/rules/catalog-filters';
import { matchesMinPrice } from '#contract/rules/catalog-filters';
import type { Product } from '#contract/schemas/product';
import type { CatalogIndex, Entry, Ordering } from './indexes';
import { byDate, byPrice } from './indexes';
import { searchListing } from './search-listing';

export interface Listing {
  items: Product[];
  total: number;
  maxPrice: number;
  facets?: Facets;
  /** A search text that found nothing, corrected (catalog/search-listing.ts). */
  suggestion?: string;
}

const EMPTY: Listing = { items: [], total: 0, maxPrice: 0 };

type Candidates =
  | { source: Ordering; test: ((e: Entry) => boolean) | null }
  /** Unordered candidates from the search index; `test` is every filter but the price. */
  | { pool: readonly Entry[]; test: (e: Entry) => boolean };

/** The candidate lists and the extra test each product must pass, or null when nothing can match. */
function candidates(index: CatalogIndex, q: CatalogQuery, shop = true): Candidates | null {
  const sources: Array<{ o: Ordering; has: (e: Entry) => boolean }> = [];
  if (q.category) {
    // Slugs are unique; should two categories ever share one, match either, as the scan does.
    const ids = [...index.categories().values()].filter((c) => c.slug === q.category).map((c) => c.id);
    if (ids.length > 1) {
      const wanted = new Set(ids);
      sources.push({ o: index.all(), has: (e) => e.row.category_ids.some((id) => wanted.has(id)) });
    } else {
      const id = ids[0];
      const o = id === undefined ? undefined : index.ofCategory(id);
      if (id === undefined || !o) return null;
      sources.push({ o, has: (e) => e.row.category_ids.includes(id) });
    }
  }
  if (q.collection) {
    const o = index.ofCollection(q.collection);
    if (!o) return null;
    const name = q.collection;
    sources.push({ o, has: (e) => e.row.collections.includes(name) });
  }
  if (sources.length === 0) sources.push({ o: index.all(), has: () => true });
  sources.sort((a, b) => a.o.size - b.o.size);
  const [first, ...others] = sources;
  const terms = searchTerms(q.q ?? q.name);
  const tests = others.map((s) => s.has);
  if (q.stock && q.stock !== 'all') tests.push((e) => matchesStock(e.row, q.stock));
  // Sizes and colours from the row; units left as the public product shows them (catalog/facet-index.ts).
  const shopTest = shop ? index.facets().matcher(q) : null;
  if (shopTest) tests.push(shopTest);
  if (terms.length) {
    tests.push((e) => matchesSearch(e.text, terms));
    const pool = index.searchCandidates(terms);
    if (pool && pool.length === 0) return null;
    if (pool && pool.length < first!.o.size) {
      const has = [first!.has, ...tests];
      return { pool, test: (e) => has.every((t) => t(e)) };
    }
  }
  return { source: first!.o, test: tests.length ? (e) => tests.every((t) => t(e)) : null };
}

function page<T>(list: readonly T[], q: CatalogQuery): T[] {
  const start = (q.page - 1) * q.limit;
  return list.slice(start, start + q.limit);
}

/** No extra test: read the page straight out of the sorted lists. */
function direct(o: Ordering, q: CatalogQuery): { entries: Entry[]; total: number; maxPrice: number } {
  const maxPrice = o.byPrice.last()?.price ?? 0;
  const limit = q.maxPrice !== undefined && q.maxPrice > 0 ? q.maxPrice : undefined;
  const cut = limit === undefined ? o.byPrice.size : o.byPrice.countWhile((e) => e.price <= limit);
  const floor = q.minPrice !== undefined && q.minPrice > 0 ? q.minPrice : undefined;
  // Below minPrice: the cheapest `low` entries of the price list are left out.
  const low =
    floor === undefined
      ? 0
      : Math.min(
          cut,
          o.byPrice.countWhile((e) => e.price < floor),
        );
  const start = (q.page - 1) * q.limit;
  const end = Math.min(cut - low, start + q.limit);
  let entries: Entry[] = [];
  if (start >= end) entries = [];
  else if (sortOf(q) === 'price_asc') entries = o.byPrice.slice(low + start, low + end);
  else if (sortOf(q) === 'price_desc') entries = o.byPrice.slice(cut - end, cut - start).reverse();
  else if (limit === undefined && floor === undefined) entries = o.byDate.slice(start, end);
  else {
    let seen = 0;
    for (const e of o.byDate) {
      if ((limit !== undefined && e.price > limit) || (floor !== undefined && e.price < floor)) continue;
      if (seen++ < start) continue;
      entries.push(e);
      if (entries.length >= q.limit) break;
    }
  }
  return { entries, total: cut - low, maxPrice };
}

/** The entries passing `test` and the price cap, and the highest price among those passing `test`. */
function kept(entries: Iterable<Entry>, test: (e: Entry) => boolean, q: CatalogQuery) {
  const limit = q.maxPrice !== undefined && q.maxPrice > 0 ? q.maxPrice : undefined;
  let maxPrice = 0;
  const list: Entry[] = [];
  for (const e of entries) {
    if (!test(e)) continue;
    if (e.price > maxPrice) maxPrice = e.price;
    if ((limit === undefined || e.price <= limit) && matchesMinPrice(e.price, q.minPrice)) list.push(e);
  }
  return { list, maxPrice };
}

/** An extra test (text, second list): scan the candidates in sort order. */
function scanned(o: Ordering, test: (e: Entry) => boolean, q: CatalogQuery) {
  const byPriceSort = sortOf(q) === 'price_asc' || sortOf(q) === 'price_desc';
  const { list, maxPrice } = kept(byPriceSort ? o.byPrice : o.byDate, test, q);
  if (sortOf(q) === 'price_desc') list.reverse();
  return { entries: page(list, q), total: list.length, maxPrice };
}

/** Search index candidates: test each, then sort the matches as the lists are sorted. */
function pooled(pool: readonly Entry[], test: (e: Entry) => boolean, q: CatalogQuery) {
  const { list, maxPrice } = kept(pool, test, q);
  list.sort(sortOf(q) === 'price_asc' || sortOf(q) === 'price_desc' ? byPrice : byDate);
  if (sortOf(q) === 'price_desc') list.reverse();
  return { entries: page(list, q), total: list.length, maxPrice };
}

export function listCatalog(index: CatalogIndex, q: CatalogQuery): Listing {
  // A search text: the search engine's listing (issue 29), Best match by default.
  if (searchTerms(q.q ?? q.name).length) return searchListing(index, q);
  if (q.facets) return faceted(index, q);
  const c = candidates(index, q);
  if (!c) return EMPTY;
  const { entries, total, maxPrice } =
    'pool' in c ? pooled(c.pool, c.test, q) : c.test ? scanned(c.source, c.test, q) : direct(c.source, q);
  return { items: entries.map((e) => index.publicProduct(e.row)), total, maxPrice };
}

/**
 * With the facet counts (contract/rules/catalog-filters.ts): one walk, in the sort's order, over the products
 * passing every filter but the shop filters and the price; each is counted (catalog/facet-index.ts), then
 * kept when it passes the shop filters and the price range too.
 */
function faceted(index: CatalogIndex, q: CatalogQuery): Listing {
  const counter = index.facets().counter(q);
  const c = candidates(index, q, false);
  if (!c) return { ...EMPTY, facets: counter.result() };
  const shop = index.facets().matcher(q);
  const base = c.test;
  const test = (e: Entry): boolean => {
    if (base && !base(e)) return false;
    counter.add(e, e.price);
    return !shop || shop(e);
  };
  const { entries, total, maxPrice } = 'pool' in c ? pooled(c.pool, test, q) : scanned(c.source, test, q);
  return { items: entries.map((e) => index.publicProduct(e.row)), total, maxPrice, facets: counter.result() };
}
