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
import { byDate, timesDecide } from './indexes';
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
  visit: (e: Entry, score: number, id: number) => void,
): void {
  const found = index.searchEngine()?.hits(text);
  const mark = ++searches;
  if (found)
    for (let i = 0; i < found.ids.length; i++) {
      const id = found.ids[i]!;
      const e = index.entry(id);
      if (!e) continue;
      e.searched = mark;
      visit(e, found.scores[i]!, id);
    }
  const terms = searchTerms(text);
  const pool: Iterable<Entry> = index.searchCandidates(terms) ?? index.all().byDate;
  for (const e of pool)
    if (e.searched !== mark && matchesSearch(e.text, terms)) {
      e.searched = mark;
      visit(e, 0, e.row.id);
    }
}

/** A typed column twice as long, its values kept. */
function grown(a: Float64Array): Float64Array {
  const b = new Float64Array(a.length * 2);
  b.set(a);
  return b;
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
  // The products kept, as typed columns (id, score, time, price) grown by doubling: no array of entries
  // grown push by push, and the first page is put in order without reading the entries again.
  let total = 0;
  let ids: Float64Array = new Float64Array(256);
  let scores: Float64Array = new Float64Array(256);
  let times: Float64Array = new Float64Array(256);
  let prices: Float64Array = new Float64Array(256);
  const { collection, minPrice } = q;
  const stock = q.stock && q.stock !== 'all' ? q.stock : undefined;
  eachSearchMatch(index, text, (e, score, id) => {
    if (inCategory && !inCategory(e)) return;
    if (collection && !e.row.collections.includes(collection)) return;
    if (stock && !matchesStock(e.row, stock)) return;
    const price = e.price;
    counter?.add(e, price);
    if (shop && !shop(e)) return;
    if (price > maxPrice) maxPrice = price;
    if ((limit !== undefined && price > limit) || !matchesMinPrice(price, minPrice)) return;
    if (total === ids.length) {
      ids = grown(ids);
      scores = grown(scores);
      times = grown(times);
      prices = grown(prices);
    }
    ids[total] = id;
    scores[total] = score;
    times[total] = e.time ?? NaN;
    prices[total++] = price;
  });
  const entryAt = (k: number): Entry => index.entry(ids[k]!)!;
  // byDate and byPrice (catalog/indexes.ts) read from the columns; byDate's own test when times do not decide.
  const latest = (a: number, b: number): number => {
    const ta = times[a]!;
    const tb = times[b]!;
    return timesDecide(ta, tb) ? tb - ta : byDate(entryAt(a), entryAt(b));
  };
  const sort = sortOf(q);
  const order =
    sort === 'relevance'
      ? (a: number, b: number) => scores[b]! - scores[a]! || latest(a, b)
      : sort === 'latest'
        ? latest
        : sort === 'price_asc'
          ? (a: number, b: number) => prices[a]! - prices[b]! || ids[a]! - ids[b]!
          : (a: number, b: number) => prices[b]! - prices[a]! || ids[b]! - ids[a]!;
  const start = (q.page - 1) * q.limit;
  // Positions 0 … total - 1 of the columns, the first of them put in order.
  const list = new Array<number>(total);
  for (let k = 0; k < total; k++) list[k] = k;
  const items = firstInOrder(list, order, start + q.limit).slice(start);
  const found = { items: items.map((k) => index.publicProduct(entryAt(k).row)), total, maxPrice };
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
