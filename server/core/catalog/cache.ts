/**
 * Serialised catalogue answers (product lists, product details, the category list), each with its
 * ETag, so a repeated GET costs a lookup and no JSON.stringify; a client sending If-None-Match gets a
 * 304. Every product or category commit moves the index version on, which empties the cache, so an
 * answer is never older than the last landed catalogue write.
 *
 * Keys come from the parsed query (catalogQuerySchema drops unknown parameters and fills defaults),
 * never from the raw request, so `&x=1`, `&x=2`… share one entry. What is left for a caller to vary
 * (every distinct `q`) is bounded by bytes and by count (structures/bounded-cache.ts): one budget for all three
 * kinds, least recently used out first.
 */
import type { CatalogQuery } from '#contract/rules/catalog-query';
import { catalogQuerySchema, sortOf } from '#contract/rules/catalog-query';
import type { CacheStats } from '../structures/bounded-cache';
import { BoundedCache, stringBytes } from '../structures/bounded-cache';
import type { CatalogIndex } from './indexes';
import type { CachedAnswer } from '../api/reply';
import { answerOf } from '../api/reply';

export interface CatalogCacheOptions {
  maxBytes?: number;
  maxEntries?: number;
}

export const CATALOG_CACHE_MAX_BYTES = 32 * 1024 * 1024;
export const CATALOG_CACHE_MAX_ENTRIES = 10_000;
/** The body's own objects (its products are shared with the index), the ETag, the Map slot. */
const ENTRY_OVERHEAD = 512;

/**
 * The query's fields in a fixed order: equal queries share one entry. Every field of the schema, read
 * from it, so a new filter (stock, issue 27) can never be left out of the key and get another's answer.
 */
const QUERY_FIELDS = Object.keys(catalogQuerySchema.shape) as Array<keyof CatalogQuery>;
const listKey = (q: CatalogQuery): string =>
  JSON.stringify(['list', ...QUERY_FIELDS.map((k) => (k === 'sort' ? sortOf(q) : q[k]))]);
const CATEGORIES_KEY = 'categories';

// The core keeps its cache to itself; ops and tests read its figures through the index it serves.
const byIndex = new WeakMap<CatalogIndex, CatalogCache>();

/** Entries and bytes of the answer cache kept over this index (for tests and diagnostics). */
export const catalogCacheStats = (index: CatalogIndex): CacheStats | undefined => byIndex.get(index)?.stats();

export function createCatalogCache(index: CatalogIndex, options: CatalogCacheOptions = {}) {
  const answers = new BoundedCache<string, CachedAnswer>({
    maxBytes: options.maxBytes ?? CATALOG_CACHE_MAX_BYTES,
    maxEntries: options.maxEntries ?? CATALOG_CACHE_MAX_ENTRIES,
    sizeOf: (a, key) => stringBytes(a.text) + stringBytes(key) + ENTRY_OVERHEAD,
    version: index.version,
  });
  const through = (key: string, compute: () => unknown): CachedAnswer => {
    let a = answers.get(key);
    if (!a) answers.set(key, (a = answerOf(compute())));
    return a;
  };
  const cache = {
    list: (q: CatalogQuery, compute: () => unknown): CachedAnswer => through(listKey(q), compute),
    detail: (id: number, compute: () => unknown): CachedAnswer => through(`detail ${id}`, compute),
    categories: (compute: () => unknown): CachedAnswer => through(CATEGORIES_KEY, compute),
    stats: (): CacheStats => answers.stats(),
  };
  byIndex.set(index, cache);
  return cache;
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
