/**
 * Serialised catalogue answers (product lists, product details, the category list), each with its
 * ETag, so a repeated GET costs a Map lookup and no JSON.stringify; a client sending If-None-Match
 * gets a 304. Every product or category commit bumps the index version and empties the caches, so an
 * answer is never older than the last landed catalogue write. Bounded: the list cache holds at most
 * LIST_CACHE_MAX queries and DETAIL_CACHE_MAX
 * products and forgets the oldest first.
 */
import type { CatalogQuery } from '../../contract/rules/catalog-query';
import type { CatalogIndex } from './catalog-index';
import { etagOf } from './etag';

export interface CachedAnswer {
  body: unknown;
  /** JSON.stringify(body), ready to send. */
  text: string;
  etag: string;
}

export const LIST_CACHE_MAX = 1000;
export const DETAIL_CACHE_MAX = 5000;

export function answerOf(body: unknown): CachedAnswer {
  const text = JSON.stringify(body);
  return { body, text, etag: etagOf(text) };
}

/** The query's fields in a fixed order: equal queries share one entry. */
const keyOf = (q: CatalogQuery): string =>
  JSON.stringify([q.category, q.q, q.name, q.collection, q.maxPrice, q.sort, q.page, q.limit]);

export function createCatalogCache(index: CatalogIndex) {
  let seen = -1;
  const lists = new Map<string, CachedAnswer>();
  const details = new Map<number, CachedAnswer>();
  let categories: CachedAnswer | undefined;
  const fresh = (): void => {
    if (seen === index.version()) return;
    seen = index.version();
    lists.clear();
    details.clear();
    categories = undefined;
  };
  return {
    list(q: CatalogQuery, compute: () => unknown): CachedAnswer {
      fresh();
      const key = keyOf(q);
      let a = lists.get(key);
      if (!a) {
        a = answerOf(compute());
        if (lists.size >= LIST_CACHE_MAX) lists.delete(lists.keys().next().value!);
        lists.set(key, a);
      }
      return a;
    },
    detail(id: number, compute: () => unknown): CachedAnswer {
      fresh();
      let a = details.get(id);
      if (!a) {
        a = answerOf(compute());
        if (details.size >= DETAIL_CACHE_MAX) details.delete(details.keys().next().value!);
        details.set(id, a);
      }
      return a;
    },
    categories(compute: () => unknown): CachedAnswer {
      fresh();
      return (categories ??= answerOf(compute()));
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
