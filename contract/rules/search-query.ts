import { createSearchEngine, type SearchDoc, type SearchEngine } from './search-engine';
import { matchesSearch, searchTerms, searchText } from './search-text';

/**
 * A listing's text search (issue 29): the products the search engine finds (search-engine.ts), with their
 * scores, plus every product the plain substring search finds (search-text.ts; score 0, so after the engine's
 * matches in Best match), so a client of the spec's `q`/`name` never loses a result. Shared by the reference
 * scan (catalog-query.ts), the server (catalog/search-listing.ts) and the offline copy.
 */
export type TextHits = ReadonlyMap<number, number>;

/**
 * The reference scan's engines, one per product list it is given (lists are read-only: ReadonlyArray), so
 * many queries over one list index it once; a list whose length changed is indexed again.
 */
const engines = new WeakMap<ReadonlyArray<SearchDoc>, { engine: SearchEngine; length: number }>();

export function engineOf(all: ReadonlyArray<SearchDoc>): SearchEngine {
  let held = engines.get(all);
  if (!held || held.length !== all.length) {
    held = { engine: createSearchEngine(all), length: all.length };
    engines.set(all, held);
  }
  return held.engine;
}

export function textHits(
  all: Iterable<SearchDoc>,
  text: string,
  engine: SearchEngine = createSearchEngine(all),
): Map<number, number> {
  const hits = engine.search(text);
  const terms = searchTerms(text);
  for (const p of all) if (!hits.has(p.id) && matchesSearch(searchText(p), terms)) hits.set(p.id, 0);
  return hits;
}

/** Best match: higher score first; ties in the `latest` order given. */
export function byRelevance<T extends { id: number }>(
  hits: TextHits,
  latest: (a: T, b: T) => number,
): (a: T, b: T) => number {
  return (a, b) => (hits.get(b.id) ?? 0) - (hits.get(a.id) ?? 0) || latest(a, b);
}
