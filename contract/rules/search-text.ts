/**
 * The text search (`q`, or its old name `name`), shared by the reference scan (catalog-query.ts), the
 * server's search index (server/core/catalog/indexes.ts) and the offline query (through the scan). No
 * zod here, so the web can load the matcher without the schemas.
 *
 * Semantics: the search text is split into lower-cased words; a product matches when the lower-cased
 * `title + ' ' + sku` contains every word as a substring (anywhere, not only at a word's start).
 *
 * The index: substring matching cannot be answered by an index of words and prefixes ("nim" is in
 * "denim"), so the server indexes the trigrams of that same lower-cased text. A text that contains a
 * word contains every trigram of that word, so the products listed under any one trigram of any word
 * are a superset of the matches; the exact `matchesSearch` then decides. Words shorter than a trigram
 * do not narrow (another word may); with no word of three or more characters the server scans.
 */

/** Lower-cased words of the search text; never contain whitespace. */
export function searchTerms(q: string | undefined): string[] {
  return (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** The text a search looks in, lower-cased once. */
export function searchText(p: { title: string; sku: string }): string {
  return `${p.title} ${p.sku}`.toLowerCase();
}

/** The exact test: every word is a substring of the product's search text. */
export function matchesSearch(text: string, terms: readonly string[]): boolean {
  return terms.every((t) => text.includes(t));
}

/** Length of the index's n-grams (UTF-16 code units, as `includes` compares). */
export const GRAM = 3;

const SPACE = /\s/;

/**
 * The distinct trigrams of a product's search text, skipping those with whitespace (no search word
 * holds any, so none is ever looked up).
 */
export function textGrams(text: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + GRAM <= text.length; i++) {
    const g = text.slice(i, i + GRAM);
    if (!SPACE.test(g)) out.add(g);
  }
  return out;
}

/** The trigrams of the search words (words shorter than a trigram give none). */
export function termGrams(terms: readonly string[]): string[] {
  const out = new Set<string>();
  for (const t of terms) for (let i = 0; i + GRAM <= t.length; i++) out.add(t.slice(i, i + GRAM));
  return [...out];
}
