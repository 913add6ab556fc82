import SearchableMap from 'minisearch/SearchableMap';

/**
 * The shop's search engine (issue 29), one for the server (catalog/indexes.ts), the MSW mock (the same core)
 * and the offline app (web/src/lib/local-catalogue.ts), so the three rank alike. Pure: no Node API, no zod.
 *
 * What a search finds: every word of the search text (all required) in the title (weighs most), category
 * names, colours, sizes, collections, SKU or the description's text (markup stripped), where a word matches
 *  - its simple word forms: both sides are reduced by `stem` (shirts → shirt, dresses → dress, hoodies → hoody);
 *  - with typos: one in words of 4–7 letters, two from 8 (Levenshtein, through MiniSearch's fuzzy search); a swap
 *    of two neighbouring letters counts as one typo ("jakcet" → jacket), by also asking for each swapped variant
 *    with one typo less, as MiniSearch alone would count a swap as two;
 *  - the last word also as the start of a word (typing).
 * The listing adds every product the plain substring search (search-text.ts) finds, so no result is lost.
 *
 * How: the words (stemmed) live in MiniSearch's radix tree (SearchableMap: its fuzzy and prefix look-ups), each
 * with its postings (product ids and the product's weight for that word: the sum of the boosts of the fields
 * holding it). A search word's score for a product is its best matching word's weight times the match's
 * quality (exact 1, prefix 0.8, one typo 0.6, two 0.4); a product's score is the sum over the search words.
 * Scores depend on nothing but the product and the text (no corpus statistics), so two indexes of the same
 * products built in any order rank alike (server after writes, offline copy built at once). MiniSearch's own
 * index and BM25 scoring were measured too slow at 100k products (the README's search section).
 */

export interface SearchDoc {
  id: number;
  title: string;
  sku: string;
  description?: string;
  categories: ReadonlyArray<{ slug: string; name?: string }>;
  colors?: ReadonlyArray<string>;
  sizes?: ReadonlyArray<string>;
  collections: ReadonlyArray<string>;
}

/** Each field's weight: the title weighs most. */
const BOOST = {
  title: 4,
  category: 2,
  colors: 2,
  sizes: 1.5,
  collections: 1,
  sku: 2,
  description: 0.5,
} as const;
/** The search text is cut at this many words (the query's text is at most 200 characters anyway). */
export const SEARCH_WORDS_MAX = 12;

const WORD = /[\p{L}\p{N}]+/gu;
const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Words of a text, lower-cased: letters and digits only (so "T-shirt" is "t" and "shirt"). */
export function searchWords(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/** A description's readable text: tags dropped, the common entities decoded. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|[a-z]+);/gi, (m, e: string) =>
      e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1)) || 32) : (ENTITY[e.toLowerCase()] ?? m),
    );
}

/** A simple English word-form reducer, applied alike to the index and the search words. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(ch|sh|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ie')) w = `${w.slice(0, -2)}y`;
  return w;
}

/** Typos a word of this length may carry. */
export function typosAllowed(word: string): number {
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/** The word with each pair of neighbouring letters swapped (distinct, the word itself left out). */
export function swaps(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] === word[i + 1]) continue;
    out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return [...out];
}

export const round = (score: number): number => Math.round(score * 1000) / 1000;

export interface SearchEngine {
  add(doc: SearchDoc): void;
  /** Takes the product as it was added (its words are found again from it). */
  remove(doc: SearchDoc): void;
  has(id: number): boolean;
  readonly size: number;
  /** The matching products and their scores. An empty text matches nothing here. */
  search(text: string): Map<number, number>;
  /** The best `limit` product ids for a text typed so far (ranked; ties: the higher id first). */
  suggest(text: string, limit: number): number[];
  /** A corrected search text for a text that finds nothing, when one finds something. */
  didYouMean(text: string): string | undefined;
}

const QUALITY = { exact: 1, prefix: 0.8, typo1: 0.6, typo2: 0.4 } as const;

interface Postings {
  ids: number[];
  weights: number[];
}

/** Each indexed word of a product with its weight (sum of the boosts of the fields holding it). */
function docWords(d: SearchDoc): Map<string, number> {
  const out = new Map<string, number>();
  const field = (text: string, boost: number): void => {
    for (const w of new Set(searchWords(text).map(stem))) out.set(w, (out.get(w) ?? 0) + boost);
  };
  field(d.title, BOOST.title);
  field(d.categories.map((c) => `${c.name ?? ''} ${c.slug}`).join(' '), BOOST.category);
  field((d.colors ?? []).join(' '), BOOST.colors);
  field((d.sizes ?? []).join(' '), BOOST.sizes);
  field(d.collections.join(' '), BOOST.collections);
  field(d.sku, BOOST.sku);
  field(plainText(d.description ?? ''), BOOST.description);
  return out;
}

export function createSearchEngine(docs: Iterable<SearchDoc> = []): SearchEngine {
  /** The postings by word (a plain Map: the fast path of every add), and the same in the radix tree for look-ups. */
  const postings = new Map<string, Postings>();
  const words = new SearchableMap<Postings>();
  const ids = new Set<number>();

  const add = (d: SearchDoc): void => {
    if (ids.has(d.id)) return;
    ids.add(d.id);
    for (const [w, weight] of docWords(d)) {
      let p = postings.get(w);
      if (!p) {
        p = { ids: [], weights: [] };
        postings.set(w, p);
        words.set(w, p);
      }
      p.ids.push(d.id);
      p.weights.push(weight);
    }
  };
  const remove = (d: SearchDoc): void => {
    if (!ids.delete(d.id)) return;
    for (const w of docWords(d).keys()) {
      const p = postings.get(w);
      const at = p ? p.ids.indexOf(d.id) : -1;
      if (!p || at < 0) continue;
      // Order inside a postings list does not matter: move the last one into the gap.
      p.ids[at] = p.ids[p.ids.length - 1]!;
      p.weights[at] = p.weights[p.weights.length - 1]!;
      p.ids.pop();
      p.weights.pop();
      if (p.ids.length === 0) {
        postings.delete(w);
        words.delete(w);
      }
    }
  };

  /** The indexed words a search word reaches, each with the quality of the match. */
  function reached(word: string, last: boolean): Map<string, number> {
    const out = new Map<string, number>();
    const offer = (w: string, q: number): void => {
      if ((out.get(w) ?? 0) < q) out.set(w, q);
    };
    const s = stem(word);
    const typos = typosAllowed(word);
    if (typos > 0) {
      for (const [w, [, d]] of words.fuzzyGet(s, typos))
        offer(w, d === 0 ? QUALITY.exact : d === 1 ? QUALITY.typo1 : QUALITY.typo2);
      for (const swapped of swaps(s))
        for (const [w, [, d]] of words.fuzzyGet(swapped, typos - 1))
          offer(w, d === 0 ? QUALITY.typo1 : QUALITY.typo2);
    } else if (postings.has(s)) offer(s, QUALITY.exact);
    if (last) for (const [w] of words.atPrefix(word)) offer(w, w === s ? QUALITY.exact : QUALITY.prefix);
    return out;
  }

  /** Per product, the best score of one search word. */
  function wordScores(word: string, last: boolean, within?: Map<number, number>): Map<number, number> {
    const out = new Map<number, number>();
    for (const [w, quality] of reached(word, last)) {
      const p = postings.get(w)!;
      for (let i = 0; i < p.ids.length; i++) {
        const id = p.ids[i]!;
        if (within && !within.has(id)) continue;
        const score = quality * p.weights[i]!;
        if ((out.get(id) ?? 0) < score) out.set(id, score);
      }
    }
    return out;
  }

  function search(text: string): Map<number, number> {
    const list = searchWords(text).slice(0, SEARCH_WORDS_MAX);
    let acc: Map<number, number> | undefined;
    for (let i = 0; i < list.length; i++) {
      const scores = wordScores(list[i]!, i === list.length - 1, acc);
      if (acc) for (const [id, s] of scores) scores.set(id, acc.get(id)! + s);
      acc = scores;
      if (acc.size === 0) break;
    }
    const out = new Map<number, number>();
    for (const [id, s] of acc ?? []) out.set(id, round(s));
    return out;
  }

  for (const d of docs) add(d);

  return {
    add,
    remove,
    has: (id) => ids.has(id),
    get size() {
      return ids.size;
    },
    search,
    suggest(text, limit) {
      return [...search(text)]
        .sort((a, b) => b[1] - a[1] || b[0] - a[0])
        .slice(0, limit)
        .map(([id]) => id);
    },
    didYouMean(text) {
      const list = searchWords(text).slice(0, SEARCH_WORDS_MAX);
      if (list.length === 0) return undefined;
      const fixed = list.map((w) => {
        if (w.length < 3) return w;
        let best: [string, number, number] | undefined; // word, distance, products
        for (const [k, [p, d]] of words.fuzzyGet(stem(w), Math.max(2, typosAllowed(w)))) {
          if (!best || d < best[1] || (d === best[1] && p.ids.length > best[2])) best = [k, d, p.ids.length];
        }
        return best?.[0] ?? w;
      });
      const corrected = fixed.join(' ');
      if (corrected === list.join(' ')) return undefined;
      return search(corrected).size ? corrected : undefined;
    },
  };
}
