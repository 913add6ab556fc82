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
import type { CatalogQuery } from '#contract/rules/catalog-query';
import { sortOf, textOf } from '#contract/rules/catalog-query';
import { topHits, type SearchHits } from '#contract/rules/search-engine';
import { matchesSearch, searchTerms } from '#contract/rules/search-text';
import type { Suggestions } from '#contract/schemas/search';
import { SUGGEST_CATEGORIES, SUGGEST_PRODUCTS } from '#contract/schemas/search';
import type { CatalogIndex, Entry } from './indexes';
import type { IdTest } from './facet-index';
import { byDate, timesDecide } from './indexes';
import type { Listing } from './listing';

/** A test on the entry of a product found, before it is kept (the filters that need the entry). */
export type EntryFilter = (e: Entry, price: number) => boolean;

/**
 * Keeps every product the text finds that passes `filter`, with its score, price and time (Kept.offer): the
 * engine's typed hits (no Map of up to the whole catalogue's ids), then the plain substring matches it did not
 * find (score 0). Each product is marked with this search's number (in the index's IdColumns, or on the entry
 * for an id they do not cover), so none is offered twice. With no filter a hit the columns cover is read from
 * them alone: a search that finds most of the catalogue then reads no entry object.
 */
export function keepSearchMatches(
  index: CatalogIndex,
  text: string,
  kept: Kept,
  filter: EntryFilter | null,
  byId: IdTest | null = null,
): void {
  const found = index.searchEngine()?.hits(text);
  const cols = index.columns();
  const mark = cols.nextMark();
  const marks = cols.mark;
  if (found && !filter) keepHits(index, found, mark, kept);
  else if (found && filter && byId) keepFilteredHits(index, found, mark, kept, filter, byId);
  else if (found && filter)
    for (let i = 0; i < found.ids.length; i++) {
      const id = found.ids[i]!;
      const e = index.entry(id);
      if (!e) continue;
      if (cols.covers(id)) marks[id] = mark;
      else e.searched = mark;
      if (filter(e, e.price)) kept.offer(id, found.scores[i]!, e.price, e.time ?? NaN);
    }
  const terms = searchTerms(text);
  const sets = index.searchCandidateSets(terms);
  if (sets) keepSubstringMatches(index, sets, terms, mark, kept, filter);
  else
    for (const e of index.all().byDate) {
      const id = e.row.id;
      const covered = cols.covers(id);
      if ((covered ? marks[id] : e.searched) === mark || !matchesSearch(e.text, terms)) continue;
      if (covered) marks[id] = mark;
      else e.searched = mark;
      if (!filter || filter(e, e.price)) kept.offer(id, 0, e.price, e.time ?? NaN);
    }
}

/**
 * keepSearchMatches' plain substring matches from the trigram index: the ids of the first set (the smallest
 * trigram set) that the engine did not find, in each other set (a look-up each), and holding every term. Only
 * those are read as entries: most of a common word's set is what the engine found, told by the id's mark alone.
 */
function keepSubstringMatches(
  index: CatalogIndex,
  sets: ReadonlySet<number>[],
  terms: readonly string[],
  mark: number,
  kept: Kept,
  filter: EntryFilter | null,
): void {
  const cols = index.columns();
  const marks = cols.mark;
  const pool = sets[0]!;
  const others = sets.slice(1);
  for (const id of pool) {
    const covered = cols.covers(id);
    if (covered && marks[id] === mark) continue;
    if (!inEvery(others, id)) continue;
    const e = index.entry(id);
    if (!e || (!covered && e.searched === mark) || !matchesSearch(e.text, terms)) continue;
    if (covered) marks[id] = mark;
    else e.searched = mark;
    if (!filter || filter(e, e.price)) kept.offer(id, 0, e.price, e.time ?? NaN);
  }
}

function inEvery(sets: ReadonlySet<number>[], id: number): boolean {
  for (let k = 0; k < sets.length; k++) if (!sets[k]!.has(id)) return false;
  return true;
}

/**
 * keepSearchMatches' engine hits when no filter reads the entries: each id the columns cover is read from them
 * alone (price, time) and kept straight into the Kept columns, made long enough first; the others go through
 * their entries. One tight loop with its arrays in hand: through Kept.offer a hit cost about 25 ns.
 */
function keepHits(index: CatalogIndex, found: SearchHits, mark: number, kept: Kept): void {
  const { ids, scores } = found;
  const cols = index.columns();
  const n = ids.length;
  kept.reserve(n);
  const { price, time, mark: marks } = cols;
  const covered = price.length;
  const { ids: kIds, scores: kScores, times: kTimes, prices: kPrices } = kept;
  const max = kept.maxAllowed;
  const min = kept.minPrice;
  let top = kept.maxPrice;
  let k = kept.total;
  for (let i = 0; i < n; i++) {
    const id = ids[i]!;
    if (id >= covered) {
      // Past the columns (ids from COLUMN_IDS up): its entry, as keepSearchMatches reads one.
      const e = index.entry(id);
      if (!e) continue;
      e.searched = mark;
      kept.total = k;
      kept.maxPrice = top;
      kept.offer(id, scores[i]!, e.price, e.time ?? NaN);
      k = kept.total;
      top = kept.maxPrice;
      continue;
    }
    const p = price[id]!;
    if (p !== p) continue; // NaN: removed
    marks[id] = mark;
    if (p > top) top = p;
    if (p > max || p < min) continue;
    kIds[k] = id;
    kScores[k] = scores[i]!;
    kTimes[k] = time[id]!;
    kPrices[k] = p;
    k++;
  }
  kept.total = k;
  kept.maxPrice = top;
}

/**
 * keepSearchMatches' engine hits through `byId` where it knows the product (prices, times, marks and facts from
 * typed columns: a search with facets that finds most of the catalogue reads no entry), else through `filter`.
 */
function keepFilteredHits(
  index: CatalogIndex,
  found: SearchHits,
  mark: number,
  kept: Kept,
  filter: EntryFilter,
  byId: IdTest,
): void {
  const { ids, scores } = found;
  const cols = index.columns();
  const { price, time, mark: marks } = cols;
  const covered = price.length;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (id < covered) {
      const p = price[id]!;
      if (p !== p) continue; // NaN: removed
      const r = byId.test(id, p);
      if (r !== -1) {
        marks[id] = mark;
        if (r === 1) kept.offer(id, scores[i]!, p, time[id]!);
        continue;
      }
    }
    const e = index.entry(id);
    if (!e) continue;
    if (id < covered) marks[id] = mark;
    else e.searched = mark;
    if (filter(e, e.price)) kept.offer(id, scores[i]!, e.price, e.time ?? NaN);
  }
}

/**
 * The products a search keeps, as typed columns (id, score, time, price) grown by doubling: no array of entries
 * grown push by push, and the first page is put in order without reading the entries again. One set of columns
 * serves every search (SCRATCH): a listing fills and reads them synchronously to its end, and a "Did you mean"
 * listing runs after the first one is done, so no two ever share them; reusing them spares a search that finds
 * most of the catalogue some megabytes of garbage.
 */
export class Kept {
  ids = new Float64Array(1024);
  scores = new Float64Array(1024);
  times = new Float64Array(1024);
  prices = new Float64Array(1024);
  total = 0;
  /** The highest price offered (the listing's maxPrice: before the price filters). */
  maxPrice = 0;
  /** The price filters: kept when minPrice <= price <= maxAllowed. */
  maxAllowed = Infinity;
  minPrice = -Infinity;

  /** Empty, for a search with these price filters (catalog-query's maxPrice and minPrice rules). */
  start(maxPrice: number | undefined, minPrice: number | undefined): this {
    this.total = 0;
    this.maxPrice = 0;
    this.maxAllowed = maxPrice !== undefined && maxPrice > 0 ? maxPrice : Infinity;
    this.minPrice = minPrice !== undefined && minPrice > 0 ? minPrice : -Infinity;
    return this;
  }

  /** A product found: counted in maxPrice, kept when its price passes the filters. */
  offer(id: number, score: number, price: number, time: number): void {
    if (price > this.maxPrice) this.maxPrice = price;
    if (price > this.maxAllowed || price < this.minPrice) return;
    this.add(id, score, time, price);
  }

  /** Room for `n` more without growing (keepHits writes the columns itself). */
  reserve(n: number): void {
    while (this.ids.length < this.total + n) this.grow();
  }

  private add(id: number, score: number, time: number, price: number): void {
    if (this.total === this.ids.length) this.grow();
    const k = this.total++;
    this.ids[k] = id;
    this.scores[k] = score;
    this.times[k] = time;
    this.prices[k] = price;
  }

  private grow(): void {
    const twice = (a: Float64Array) => {
      const b = new Float64Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.ids = twice(this.ids);
    this.scores = twice(this.scores);
    this.times = twice(this.times);
    this.prices = twice(this.prices);
  }
}
const SCRATCH = new Kept();

function categoryTest(index: CatalogIndex, slug: string | undefined): ((e: Entry) => boolean) | null {
  if (!slug) return null;
  const ids = new Set([...index.categories().values()].filter((c) => c.slug === slug).map((c) => c.id));
  return (e) => e.row.category_ids.some((id) => ids.has(id));
}

/** Puts `x` in its place in `top` (kept in `order`, at most `n` long), or leaves it out when it comes later. */
function insertTop<T>(top: T[], x: T, order: (a: T, b: T) => number, n: number): void {
  if (top.length === n && order(x, top[n - 1]!) >= 0) return;
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

/** The first `n` of `list` in `order`: a sorted buffer of n when n is small beside the list, else a sort. */
export function firstInOrder<T>(list: T[], order: (a: T, b: T) => number, n: number): T[] {
  if (n * 8 >= list.length) return list.sort(order).slice(0, n);
  const top: T[] = [];
  for (const x of list) insertTop(top, x, order, n);
  return top;
}

/**
 * firstInOrder over the positions 0 … count - 1 (of the Kept columns), with no list of them when n is small.
 * A function of its own, not a loop inside `listing`: V8 compiled such a loop on its own (on-stack replacement)
 * before the rest of `listing` had run, left that code at the next read it had no feedback for, and did so at
 * every search, so the rest of each search ran in the interpreter (issue 29, seen with --trace-deopt).
 */
export function firstPositions(count: number, order: (a: number, b: number) => number, n: number): number[] {
  const top: number[] = [];
  if (n * 8 >= count) {
    for (let k = 0; k < count; k++) top.push(k);
    return top.sort(order).slice(0, n);
  }
  for (let k = 0; k < count; k++) insertTop(top, k, order, n);
  return top;
}

/**
 * firstPositions when `order` puts a higher `key` first (a lower one with `dir` -1), then, on a tie, a higher
 * `then` (when given): a position that is after the last of a full buffer by those keys alone is passed over
 * without calling `order`, the common case of a search that finds most of the catalogue. A NaN key never decides
 * (its comparisons are false), so `order` answers for it.
 */
export function firstPositionsByKeys(
  count: number,
  key: Float64Array,
  dir: 1 | -1,
  then: Float64Array | null,
  order: (a: number, b: number) => number,
  n: number,
): number[] {
  if (n === 0 || n * 8 >= count) return firstPositions(count, order, n);
  const top: number[] = [];
  for (let k = 0; k < count; k++) {
    if (top.length === n) {
      const last = top[n - 1]!;
      const a = dir * key[k]!;
      const b = dir * key[last]!;
      if (a < b || (then !== null && a === b && then[k]! < then[last]!)) continue;
    }
    insertTop(top, k, order, n);
  }
  return top;
}

function listing(index: CatalogIndex, q: CatalogQuery, text: string): Listing {
  const inCategory = categoryTest(index, q.category);
  // The shop filters and their facets (issue 29; catalog/facet-index.ts), counted in the same pass.
  const shop = index.facets().matcher(q);
  const counter = q.facets ? index.facets().counter(q) : null;
  const { collection } = q;
  const stock = q.stock && q.stock !== 'all' ? q.stock : undefined;
  // The entries are read only for the filters that need them (category, collection, stock, shop, facets).
  const filter: EntryFilter | null =
    inCategory || collection || stock || shop || counter
      ? (e, price) => {
          if (inCategory && !inCategory(e)) return false;
          if (collection && !e.row.collections.includes(collection)) return false;
          if (stock && !matchesStock(e.row, stock)) return false;
          counter?.add(e, price);
          return !shop || shop(e);
        }
      : null;
  // With only the shop filters and facets, most products are told by id from the fact columns.
  const byId =
    (shop || counter) && !inCategory && !collection && !stock ? index.facets().idTest(q, counter) : null;
  const kept = SCRATCH.start(q.maxPrice, q.minPrice);
  keepSearchMatches(index, text, kept, filter, byId);
  const { ids, scores, times, prices, total, maxPrice } = kept;
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
  const n = start + q.limit;
  const items = (
    sort === 'relevance'
      ? firstPositionsByKeys(total, scores, 1, times, order, n)
      : sort === 'latest'
        ? firstPositionsByKeys(total, times, 1, null, order, n)
        : firstPositionsByKeys(total, prices, sort === 'price_asc' ? -1 : 1, null, order, n)
  ).slice(start);
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
    const found = Array.from(pool).filter((e) => matchesSearch(e.text, terms));
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
