/**
 * A listing with a search text (issue 29), with the semantics of runCatalogQuery
 * (contract/rules/catalog-query.ts): the search engine's matches and scores, plus the plain substring
 * matches (the trigram index's candidates, or a scan while it is being built), then the category,
 * collection and price filters, the sort (Best match by default) and the page. O(k log k) in the matches.
 */
import type { CatalogQuery } from '#contract/rules/catalog-query';
import { sortOf, textOf } from '#contract/rules/catalog-query';
import { matchesSearch, searchTerms } from '#contract/rules/search-text';
import type { CatalogIndex, Entry } from './indexes';
import { byDate, byPrice } from './indexes';
import type { Listing } from './listing';

/** Every product the text finds, with its score (0: found by the substring search only). */
export function searchHits(index: CatalogIndex, text: string): Map<number, number> {
  const hits = index.searchEngine().search(text);
  const terms = searchTerms(text);
  const pool: Iterable<Entry> = index.searchCandidates(terms) ?? index.all().byDate;
  for (const e of pool) if (!hits.has(e.row.id) && matchesSearch(e.text, terms)) hits.set(e.row.id, 0);
  return hits;
}

function categoryTest(index: CatalogIndex, slug: string | undefined): ((e: Entry) => boolean) | null {
  if (!slug) return null;
  const ids = new Set([...index.categories().values()].filter((c) => c.slug === slug).map((c) => c.id));
  return (e) => e.row.category_ids.some((id) => ids.has(id));
}

export function searchListing(index: CatalogIndex, q: CatalogQuery): Listing {
  const hits = searchHits(index, textOf(q) ?? '');
  const inCategory = categoryTest(index, q.category);
  const limit = q.maxPrice !== undefined && q.maxPrice > 0 ? q.maxPrice : undefined;
  let maxPrice = 0;
  const list: Entry[] = [];
  for (const id of hits.keys()) {
    const e = index.entry(id);
    if (!e) continue;
    if (inCategory && !inCategory(e)) continue;
    if (q.collection && !e.row.collections.includes(q.collection)) continue;
    if (e.price > maxPrice) maxPrice = e.price;
    if (limit === undefined || e.price <= limit) list.push(e);
  }
  const sort = sortOf(q);
  if (sort === 'relevance') list.sort((a, b) => hits.get(b.row.id)! - hits.get(a.row.id)! || byDate(a, b));
  else if (sort === 'latest') list.sort(byDate);
  else list.sort(byPrice);
  if (sort === 'price_desc') list.reverse();
  const start = (q.page - 1) * q.limit;
  return {
    items: list.slice(start, start + q.limit).map((e) => index.publicProduct(e.row)),
    total: list.length,
    maxPrice,
  };
}
