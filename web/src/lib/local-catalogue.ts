import {
  catalogQuerySchema,
  compareProducts,
  matchesFacetBase,
  matchesPrice,
  runCatalogQuery,
  searchTerms,
  sortOf,
  textOf,
  type CatalogQuery,
  type ListingSort,
} from '#contract/rules/catalog-query';
import { createSearchEngine } from '#contract/rules/search-engine';
import { textHits } from '#contract/rules/search-query';
import { effectivePrice } from '#contract/rules/money';
import { matchesShopFilters, type Facets } from '#contract/rules/catalog-filters';
import type { Product, ProductListResponse } from '#contract/schemas/product';
import { readCatalogueMeta, readProductsVersion, type CatalogueDb } from './db';
import {
  buildIndex,
  dropIndex,
  engineOf,
  heldIndex,
  PAGES_KEPT,
  writesSettled,
  type ListingRow,
  type LocalIndex,
} from './local-index';
import { rowFacetCounter } from './local-facets';
import { nextTask } from './next-task';

/**
 * Listing queries answered from the local copy: only once the background sync has copied the whole
 * catalogue (a partial copy would give wrong totals), with the contract's query semantics, so the items,
 * totals and maxPrice are the server's. The query is parsed by the same schema as on the server.
 *
 * The filters, the order and the page are decided on the in-memory listing index (local-index.ts) with the
 * contract's own matchers and comparators; IndexedDB is read only for the products of the page, in the
 * transaction that checks the index is still the table's. Equal to runCatalogQuery over the whole table
 * (catalogue-cache.test.ts and local-catalogue.test.ts hold it to that).
 */

/** Every row in the sort's order (a total order: ties broken by id), sorted once per change of the index. */
export function sortedRows(index: LocalIndex, sort: ListingSort): ListingRow[] {
  const own = sort === 'relevance' ? 'latest' : sort;
  return (index.sorted[own] ??= [...index.rows.values()].sort(compareProducts(own)));
}

/** runCatalogQuery's filter, maxPrice, sort and page in one pass over the presorted rows: ids, not products. */
export function pageOf(
  index: LocalIndex,
  query: CatalogQuery,
): { ids: number[]; total: number; maxPrice: number; facets?: Facets } {
  const terms = searchTerms(textOf(query));
  const rows = index.rows.values();
  const hits = terms.length
    ? textHits(index.rows.values(), textOf(query)!, (index.engine ??= createSearchEngine(rows)))
    : undefined;
  const sort = sortOf(query);
  // Facets (facets=1): every row passing the filters but the shop filters and the price, counted once.
  const counter = query.facets ? rowFacetCounter(query) : null;
  const start = (query.page - 1) * query.limit;
  const end = start + query.limit;
  const ids: number[] = [];
  let total = 0;
  let maxPrice = 0;
  // Best match: the matches in score order (they are few); otherwise the presorted rows.
  const ordered =
    hits && sort === 'relevance'
      ? [...hits.keys()].map((id) => index.rows.get(id)!).sort(compareProducts(sort, hits))
      : sortedRows(index, sort);
  for (const row of ordered) {
    // matchesBase in two steps: the facets count the rows that pass all but the shop filters.
    if (!matchesFacetBase(row, query, terms, hits)) continue;
    const price = effectivePrice(row);
    counter?.add(row, price);
    if (!matchesShopFilters(row, query)) continue;
    maxPrice = Math.max(maxPrice, price);
    if (!matchesPrice(row, query.maxPrice, query.minPrice)) continue;
    if (total >= start && total < end) ids.push(row.id);
    total++;
  }
  return counter ? { ids, total, maxPrice, facets: counter.result() } : { ids, total, maxPrice };
}

const STALE = Symbol('stale');
const INCOMPLETE = Symbol('incomplete');

type Page = ReturnType<typeof pageOf>;

/** pageOf, kept on the index for the same query until the rows change (the answer is the same). */
function pageKept(index: LocalIndex, query: CatalogQuery): Page {
  const key = JSON.stringify(query);
  const pages = (index.pages ??= new Map());
  const kept = pages.get(key) as Page | undefined;
  if (kept) return kept;
  const page = pageOf(index, query);
  if (pages.size >= PAGES_KEPT) pages.delete(pages.keys().next().value!);
  pages.set(key, page);
  return page;
}

async function answer(
  db: CatalogueDb,
  index: LocalIndex,
  query: CatalogQuery,
): Promise<ProductListResponse | typeof STALE | typeof INCOMPLETE> {
  return db.transaction('r', db.productChunks, db.meta, async () => {
    // The copy still complete (a new copy may have begun) and the index still the table's, in one read.
    const [meta, version] = await Promise.all([readCatalogueMeta(db), readProductsVersion(db)]);
    if (!meta?.complete) return INCOMPLETE;
    if (version !== index.version) return STALE;
    const { ids, ...rest } = pageKept(index, query);
    const found = await db.productStore.bulkGet(ids);
    const items = found.filter((p): p is Product => p !== undefined);
    return items.length === ids.length ? { items, ...rest } : STALE;
  });
}

/** Attempts with a fresh index before the plain scan (only when the table keeps changing under the query). */
const ATTEMPTS = 3;

/** A listing's query as the app asks for it (listing-url.ts's productQuery, FEATURED_QUERY). */
export type ListQuery = Record<string, string | number | readonly string[] | undefined | null>;

/** The query as the server sees it (URL query strings, a list for a repeated filter, empty values absent). */
function parseQuery(query: ListQuery | undefined) {
  const asUrl = Object.entries(query ?? {})
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]);
  return catalogQuerySchema.safeParse(Object.fromEntries(asUrl));
}

/**
 * The pages of `queries` decided on a built index and kept on it (pageKept), each in a task of its own: the
 * listings a shopper most likely opens first offline then read only their products, and the filters' and facet
 * counts' code has run once for any other (issue 29: the first offline listing was the slowest, 50-70 ms of it
 * deciding its page over 10k rows with that code not yet compiled). Only the in-memory index: nothing is read.
 */
export async function warmPages(index: LocalIndex, queries: readonly ListQuery[]): Promise<void> {
  for (const query of queries) {
    await nextTask();
    const parsed = parseQuery(query);
    // A search needs the engine, built in its own small tasks (engineOf), never here in one.
    if (!parsed.success || (searchTerms(textOf(parsed.data)).length && !index.engine)) continue;
    sortedRows(index, sortOf(parsed.data));
    await nextTask();
    pageKept(index, parsed.data);
  }
}

/**
 * One listing per kind of filter (a category, a collection, a size and a colour, a search), on values the copy
 * holds, decided once in the background after the first listings (warmPages): each filter's code has then run
 * with its filter set before a shopper's first filtered listing offline. Without them, a category's first offline
 * listing spent 20-40 ms deciding its page (a CPU profile of the bench's listings: the matchers, compiled on the
 * plain listing where no category is ever set, fell back to the slow path). The search runs only once the engine
 * is built (never built here in one task).
 */
export function filterWarmups(index: LocalIndex): ListQuery[] {
  const row = index.rows.values().next().value;
  if (!row) return [];
  const word = row.title.split(/\s+/).find((w) => w.length >= 4);
  const kinds: ListQuery[] = [
    { category: row.categories[0]?.slug },
    { collection: row.collections[0] },
    { size: row.sizes?.slice(0, 1), color: row.colors?.slice(0, 1) },
  ];
  if (word && index.engine) kinds.push({ q: word.toLowerCase() });
  return kinds.map((kind) => ({ page: 1, limit: 12, facets: '1', ...kind }));
}

export async function localProductList(
  db: CatalogueDb,
  query: ListQuery | undefined,
): Promise<ProductListResponse | undefined> {
  const parsed = parseQuery(query);
  if (!parsed.success) return undefined;
  // The saved rows keep no stock (local-index.ts): a stock-filtered list is the server's to answer.
  if (parsed.data.stock && parsed.data.stock !== 'all') return undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    await writesSettled(db);
    // Only a complete copy answers (a partial one would give wrong totals): checked here before the table is
    // read into an index, and with the page's read once an index is held (one transaction per listing).
    let index = heldIndex(db);
    if (!index) {
      if (!(await readCatalogueMeta(db))?.complete) return undefined;
      index = await buildIndex(db);
    }
    // A search needs the engine: built in chunks the first time (no long task), then kept by every write.
    if (searchTerms(textOf(parsed.data)).length) await engineOf(index);
    const out = await answer(db, index, parsed.data);
    if (out === INCOMPLETE) return undefined;
    if (out !== STALE) return out;
    // A write of this tab that landed meanwhile is in the index now; otherwise another tab wrote: read again.
    if (!(await writesSettled(db))) dropIndex(db, index);
  }
  return runCatalogQuery(await db.productStore.toArray(), parsed.data);
}
