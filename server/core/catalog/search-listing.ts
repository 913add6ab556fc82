/**
 * A listing with a search text (issue 29), with the semantics of runCatalogQuery
 * (contract/rules/catalog-query.ts): the search engine's matches and scores, plus the plain substring
 * matches (the trigram index's candidates, or a scan while it is being built), then the category,
 * collection, stock, shop (size, colour, in stock) and price filters with their facets, the sort (Best match by default) and the page. Only the page's rows are
 * put in order (a bounded selection), not every match. While the engine's first build at a large size is
 * under way (catalog/search-index.ts) the substring matches alone answer, so no search waits for it.
 * A text that finds nothing gets a corrected text that finds something, when there is one (`suggestion`).
 * Also the search box's suggestions (`suggest`).
 */
import { matchesStock } from '#contract/rules/stock-filter';
import { matchesMinPrice } from '#contract/rules/catalog-filters';
import type { CatalogQuery } from '#contract/rules/catalog-query';
import { sortOf, textOf } from '#contract/rules/catalog-query';
import { topHits } from '#contract/rules/search-engine';
import { matchesSearch, searchTerms } from '#contract/rules/search-text';
import type { Suggestions } from '#contract/schemas/search';
import { SUGGEST_CATEGORIES, SUGGEST_PRODUCTS } from '#contract/schemas/search';
import type { CatalogIndex, Entry } from './indexes';
import { byDate, byPrice, byTime } from './indexes';
import type { Listing } from './listing';

/** Numbers each search, to mark the entries it has visited (Entry.searched). */
let searches = 0;

/**
 * Visits every product the text finds, with its score: the engine's typed hits (no Map of up to the whole
 * catalogue's ids), then the plain substring matches it did not find (score 0). An entry already visited
 * by this search carries its number (Entry.searched), so none is visited twice.
 */
export function eachSearchMatch(
  index: CatalogIndex,
  text: string,
  visit: (e: Entry, score: number) => void,
): void {
  const found = index.searchEngine()?.hits(text);
  const mark = ++searches;
  if (found)
    for (let i = 0; i < found.ids.length; i++) {
      const e = index.entry(found.ids[i]!);
      if (!e) continue;
      e.searched = mark;
      visit(e, found.scores[i]!);
    }
  const terms = searchTerms(text);
  const pool: Iterable<Entry> = index.searchCandidates(terms) ?? index.all().byDate;
  for (const e of pool)
    if (e.searched !== mark && matchesSearch(e.text, terms)) {
      e.searched = mark;
      visit(e, 0);
    }
}

function categoryTest(index: CatalogIndex, slug: string | undefined): ((e: Entry) => boolean) | null {
  if (!slug) return null;
  const ids = new Set([...index.categories().values()].filter((c) => c.slug === slug).map((c) => c.id));
  return (e) => e.row.category_ids.some((id) => ids.has(id));
}

/** The first `n` of `list` in `order`: a sorted buffer of n when n is small beside the list, else a sort. */
export function firstInOrder<T>(list: T[], order: (a: T, b: T) => number, n: number): T[] {
  if (n * 8 >= list.length) return list.sort(order).slice(0, n);
  const top: T[] = [];
  for (const x of list) {
    if (top.length === n && order(x, top[n - 1]!) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (order(top[mid]!, x) <= 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, x);
    if (top.length > n) top.pop();
  }
  return top;
}

function listing(index: CatalogIndex, q: CatalogQuery, text: string): Listing {
  const inCategory = categoryTest(index, q.category);
  const limit = q.maxPrice !== undefined && q.maxPrice > 0 ? q.maxPrice : undefined;
  // The shop filters and their facets (issue 29; catalog/facet-index.ts), counted in the same pass.
  const shop = index.facets().matcher(q);
  const counter = q.facets ? index.facets().counter(q) : null;
  let maxPrice = 0;
  // The products kept, their scores and times (read while the entry is at hand), and their positions
  // (what is put in order).
  const entries: Entry[] = [];
  const scores: number[] = [];
  const times: number[] = [];
  const list: number[] = [];
  eachSearchMatch(index, text, (e, score) => {
    if (inCategory && !inCategory(e)) return;
    if (q.collection && !e.row.collections.includes(q.collection)) return;
    if (q.stock && q.stock !== 'all' && !matchesStock(e.row, q.stock)) return;
    counter?.add(e, e.price);
    if (shop && !shop(e)) return;
    if (e.price > maxPrice) maxPrice = e.price;
    if ((limit === undefined || e.price <= limit) && matchesMinPrice(e.price, q.minPrice)) {
      list.push(entries.length);
      entries.push(e);
      scores.push(score);
      times.push(e.time ?? NaN);
    }
  });
  const latest = (a: number, b: number): number => byTime(entries[a]!, times[a]!, entries[b]!, times[b]!);
  const sort = sortOf(q);
  const order =
    sort === 'relevance'
      ? (a: number, b: number) => scores[b]! - scores[a]! || latest(a, b)
      : sort === 'latest'
        ? latest
        : sort === 'price_asc'
          ? (a: number, b: number) => byPrice(entries[a]!, entries[b]!)
          : (a: number, b: number) => byPrice(entries[b]!, entries[a]!);
  const start = (q.page - 1) * q.limit;
  const total = list.length;
  const items = firstInOrder(list, order, start + q.limit).slice(start);
  const found = { items: items.map((i) => index.publicProduct(entries[i]!.row)), total, maxPrice };
  return counter ? { ...found, facets: counter.result() } : found;
}

export function searchListing(index: CatalogIndex, q: CatalogQuery): Listing {
  const text = textOf(q) ?? '';
  const found = listing(index, q, text);
  if (found.total > 0) return found;
  // Nothing found: a corrected text, when it finds something with the same filters.
  const corrected = index.searchEngine()?.didYouMean(text);
  if (corrected === undefined) return found;
  return listing(index, { ...q, q: corrected, name: undefined, facets: undefined }, corrected).total > 0
    ? { ...found, suggestion: corrected }
    : found;
}

/**
 * The search box's suggestions: the best products for the text typed so far (the engine ranks; the
 * substring scan answers while its first build goes on) and the categories it matches.
 */
export function searchSuggestions(index: CatalogIndex, text: string): Suggestions {
  const engine = index.searchEngine();
  let ids: number[];
  if (engine) ids = engine.suggest(text, SUGGEST_PRODUCTS);
  else {
    const terms = searchTerms(text);
    const pool: Iterable<Entry> = index.searchCandidates(terms) ?? index.all().byDate;
    const found = [...pool].filter((e) => matchesSearch(e.text, terms));
    ids = firstInOrder(found, byDate, SUGGEST_PRODUCTS).map((e) => e.row.id);
  }
  const categories = index.categories();
  const { ids: cat, scores } = index.categoryEngine().hits(text);
  return {
    products: ids.flatMap((id) => {
      const e = index.entry(id);
      return e ? [{ id, title: e.row.title, price: e.price, image: e.row.featured_image }] : [];
    }),
    categories: topHits(cat, scores, SUGGEST_CATEGORIES).flatMap((id) => {
      const c = categories.get(id);
      return c ? [{ name: c.name, slug: c.slug }] : [];
    }),
  };
}
