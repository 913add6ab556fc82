/**
 * The shop's search engine (issue 29), one for the server (catalog/indexes.ts), the MSW mock (the same core)
 * and the offline app (web/src/lib/local-catalogue.ts), so the three rank alike. Pure: no Node API, no zod,
 * no library.
 *
 * What a search finds: every word of the search text (all required) in the title (weighs most), category
 * names, colours, sizes, collections, SKU or the description's text (markup stripped), where a word matches
 *  - its simple word forms: both sides are reduced by `stem` (shirts → shirt, dresses → dress, hoodies → hoody);
 *  - with typos: one in words of 4–7 letters, two from 8 (Damerau: a swap of two neighbouring letters is one
 *    typo, "jakcet" → jacket); words holding a digit (SKUs, numbers) match only exactly or as a prefix;
 *  - the last word also as the start of a word (typing), and from 5 letters as the start of a word with one
 *    typo ("jakce" → jacket).
 * The listing adds every product the plain substring search (search-text.ts) finds, so no result is lost.
 *
 * How: an inverted index. Each distinct word (stemmed) has an id and a postings list of (product slot, the
 * product's weight for that word: the sum of the boosts of the fields holding it), packed into one integer
 * each, in a plain array while short and an Int32Array once long. Typo candidates come from the vocabulary
 * of words without digits (a few thousand even at 100k products), bucketed by length and compared with a
 * bounded Damerau distance that stops as soon as the bound is passed; prefix candidates from the sorted
 * vocabulary (binary search). A search word's score for a product is its best matching word's weight times
 * the match's quality (exact 1, prefix 0.8, one typo 0.6, two 0.4); a product's score is the sum over the
 * search words. Words are intersected through per-slot marks in typed arrays, the word reaching the fewest
 * postings first; each further word walks its postings, or, when the products left hold fewer words than
 * its postings, those products' own word lists (each product keeps its words with their weights). Typo
 * distances fill reused typed rows; suggestions take their top few straight from the run (no copy, no sort). Scores depend on nothing but the product and the text (no corpus statistics),
 * so two indexes of the same products built in any order rank alike (server after writes, offline copy
 * built at once). MiniSearch's and Orama's own indexes were measured too slow at 100k products (the README's
 * search section).
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
  const lower = text.toLowerCase();
  if (NOT_ASCII.test(lower)) return lower.match(WORD) ?? [];
  // ASCII only (the index's hot path): by character codes.
  const out: string[] = [];
  let from = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (from < 0) from = i;
    } else if (from >= 0) {
      out.push(lower.slice(from, i));
      from = -1;
    }
  }
  return out;
}

// eslint-disable-next-line no-control-regex
const NOT_ASCII = /[^\x00-\x7f]/;

/** A description's readable text: tags dropped, the common entities decoded. */
export function plainText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return html;
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

/** A search's matches: product ids and their scores, side by side (in no particular order). */
export interface SearchHits {
  ids: Float64Array;
  scores: Float64Array;
}

export interface SearchEngine {
  add(doc: SearchDoc): void;
  /** Removes the product with this id (the doc as added, or only its id). */
  remove(doc: Pick<SearchDoc, 'id'>): void;
  has(id: number): boolean;
  readonly size: number;
  /** The matching products and their scores. An empty text matches nothing here. */
  search(text: string): Map<number, number>;
  /**
   * The same as `search`, as two typed arrays (no Map: the fast path of the listing). They are views of buffers
   * the engine reuses: read them before the engine's next `hits`.
   */
  hits(text: string): SearchHits;
  /** The best `limit` product ids for a text typed so far (ranked; ties: the higher id first). */
  suggest(text: string, limit: number): number[];
  /** A corrected search text for a text that finds nothing, when one finds something. */
  didYouMean(text: string): string | undefined;
  /** The vocabulary's size (distinct indexed words), for the bench. */
  readonly words: number;
}

const QUALITY = { exact: 1, prefix: 0.8, typo1: 0.6, typo2: 0.4 } as const;
/** Weights are stored doubled (the boosts are multiples of 0.5), in the low bits of a posting. */
const WEIGHT_BITS = 6;
const WEIGHT_MASK = (1 << WEIGHT_BITS) - 1;
/** A postings list moves from a plain array to an Int32Array at this length. */
const TYPED_FROM = 32;
const HAS_DIGIT = /\d/;
/**
 * A typed prefix reaches at most this many words ("0" would reach every SKU number): the rest are left to
 * the substring search the listing adds (search-query.ts), which finds them all.
 */
export const PREFIX_WORDS_MAX = 500;

/** Stems of words without digits, cached (the vocabulary of such words is small). */
const stems = new Map<string, string>();
const stemmed = (raw: string): string => {
  if (raw.length <= 3 || HAS_DIGIT.test(raw)) return raw;
  let s = stems.get(raw);
  if (s === undefined) {
    s = stem(raw);
    if (stems.size < 100_000) stems.set(raw, s);
  }
  return s;
};

/** A product's fields with their boosts, in order (the title weighs most). */
function docFields(d: SearchDoc): Array<[string, number]> {
  return [
    [d.title, BOOST.title],
    [d.categories.map((c) => `${c.name ?? ''} ${c.slug}`).join(' '), BOOST.category],
    [(d.colors ?? []).join(' '), BOOST.colors],
    [(d.sizes ?? []).join(' '), BOOST.sizes],
    [d.collections.join(' '), BOOST.collections],
    [d.sku, BOOST.sku],
    [plainText(d.description ?? ''), BOOST.description],
  ];
}

/** The distance functions' rows, grown on demand (no allocation per call: typo look-ups call them often). */
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);
const rows = (n: number): void => {
  if (rowA.length >= n) return;
  rowA = new Int32Array(n * 2);
  rowB = new Int32Array(n * 2);
  rowC = new Int32Array(n * 2);
};

/**
 * The Damerau distance (optimal string alignment: insert, delete, replace, swap neighbours) of a and the
 * first `lb` characters of b, as the last row of its table (in `rowB` on return, or undefined as soon as
 * every value must exceed max: a row whose least value exceeds max is followed by such rows only).
 */
function osaRow(a: string, b: string, lb: number, max: number): Int32Array | undefined {
  const la = a.length;
  rows(lb + 1);
  let prev2 = rowC;
  let prev = rowA;
  let cur = rowB;
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    const pa = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = prev[j - 1]! + (ca === cb ? 0 : 1);
      const del = prev[j]! + 1;
      if (del < v) v = del;
      const ins = cur[j - 1]! + 1;
      if (ins < v) v = ins;
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && pa === cb) {
        const swap = prev2[j - 2]! + 1;
        if (swap < v) v = swap;
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return undefined;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev;
}

/**
 * The Damerau distance (optimal string alignment: insert, delete, replace, swap neighbours) of a and b, or
 * max + 1 as soon as it must exceed max.
 */
export function boundedDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0 || lb === 0) return Math.max(la, lb);
  const last = osaRow(a, b, lb, max);
  return last ? Math.min(last[lb]!, max + 1) : max + 1;
}

/**
 * Whether `word` is within one typo of the start of `w` (a word at least as long): of `w`'s starts one
 * shorter, as long and one longer than `word` — the prefix typos of the word being typed.
 */
export function startsWithinOneTypo(word: string, w: string): boolean {
  const l = word.length;
  if (l === 0 || w.length < l) return false;
  const lb = Math.min(l + 1, w.length);
  const last = osaRow(word, w, lb, 1);
  if (!last) return false;
  for (let cut = Math.max(1, l - 1); cut <= lb; cut++) if (last[cut]! <= 1) return true;
  return false;
}

/** The first index of a sorted list whose item is not below `key`. */
function lowerBound(list: readonly string[], key: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The word ids a search word reaches, each with the quality of its match, and their postings' total. */
interface Reach {
  ids: number[];
  quality: number[];
  postings: number;
}

/** A posting's slot and weight are packed as slot × 2^WEIGHT_BITS + weight, in a product's word list too. */
const WEIGHT_SPAN = 1 << WEIGHT_BITS;

/**
 * How a search word after the first meets the products left: through its postings, through those products'
 * words, or whichever touches fewer (the default). The answers are the same; the choice is for the tests.
 */
export interface SearchEngineOptions {
  intersect?: 'fewer' | 'postings' | 'products';
}

export function createSearchEngine(
  docs: Iterable<SearchDoc> = [],
  { intersect = 'fewer' }: SearchEngineOptions = {},
): SearchEngine {
  // The vocabulary: word → id, and per id its text, first seen form, postings and their count.
  const wordId = new Map<string, number>();
  const wordText: string[] = [];
  const wordForm: string[] = [];
  const postings: Array<number[] | Int32Array> = [];
  const counts: number[] = [];
  /** Every posting, counted (a product's average number of words, to pick how a word is intersected). */
  let postingsTotal = 0;
  /** Words without digits by length: where typos are looked for. */
  const byLength: number[][] = [];
  /** Every word, sorted (prefix look-ups), and their ids; new words wait in `unsorted` until the next search. */
  let sorted: string[] = [];
  let sortedIds: number[] = [];
  let unsorted: string[] = [];

  // Products: id ↔ slot (a dense number, reused after a removal), and each slot's words, each as
  // word id × WEIGHT_SPAN + the product's weight for it.
  const slotOf = new Map<number, number>();
  const idOf: number[] = [];
  const slotWords: Array<number[] | undefined> = [];
  const free: number[] = [];

  // A search's scratch, per slot: the generation a slot last survived, its running score, the current
  // word's best score for it and the generation of that; the surviving slots (two lists, swapped).
  let alive = new Uint32Array(0);
  let total = new Float64Array(0);
  let best = new Float64Array(0);
  let bestGen = new Uint32Array(0);
  let found = new Int32Array(0);
  let spare = new Int32Array(0);
  let generation = 0;
  // Per word id: the generation of the search word that last reached it, and the best quality.
  let reachGen = new Uint32Array(0);
  let reachQuality = new Float64Array(0);
  let reachGeneration = 0;
  // What `hits` answers in: kept from one search to the next (views of them, valid until the next `hits`), so a
  // search that finds most of the catalogue does not leave megabytes of garbage behind.
  let hitIds = new Float64Array(0);
  let hitScores = new Float64Array(0);

  const wordFor = (w: string, form: string): number => {
    let id = wordId.get(w);
    if (id !== undefined) return id;
    id = wordText.length;
    wordId.set(w, id);
    wordText.push(w);
    wordForm.push(form);
    postings.push([]);
    counts.push(0);
    addMark.push(0);
    addWeight.push(0);
    addField.push(0);
    if (!HAS_DIGIT.test(w)) (byLength[w.length] ??= []).push(id);
    unsorted.push(w);
    return id;
  };

  const post = (id: number, value: number): void => {
    const list = postings[id]!;
    const n = counts[id]!;
    if (Array.isArray(list)) {
      if (n < TYPED_FROM) list.push(value);
      else {
        const typed = new Int32Array(n * 2);
        typed.set(list);
        typed[n] = value;
        postings[id] = typed;
      }
    } else if (n < list.length) list[n] = value;
    else {
      const typed = new Int32Array(n * 2);
      typed.set(list);
      typed[n] = value;
      postings[id] = typed;
    }
    counts[id] = n + 1;
    postingsTotal++;
  };

  const unpost = (id: number, slot: number): void => {
    const list = postings[id]!;
    const n = counts[id]!;
    for (let i = 0; i < n; i++) {
      if (list[i]! >>> WEIGHT_BITS !== slot) continue;
      // Order inside a postings list does not matter: move the last one into the gap.
      list[i] = list[n - 1]!;
      if (Array.isArray(list)) list.pop();
      counts[id] = n - 1;
      postingsTotal--;
      return;
    }
  };

  // Adding a product: per word id, the product being added (a counter), its weight and the last field.
  const addMark: number[] = [];
  const addWeight: number[] = [];
  const addField: number[] = [];
  let adding = 0;

  const add = (d: SearchDoc): void => {
    if (slotOf.has(d.id)) return;
    const slot = free.pop() ?? idOf.length;
    slotOf.set(d.id, slot);
    idOf[slot] = d.id;
    const mine: number[] = [];
    const doc = ++adding;
    let fieldNo = 0;
    for (const [text, boost] of docFields(d)) {
      fieldNo++;
      for (const raw of searchWords(text)) {
        const id = wordFor(stemmed(raw), raw);
        if (addMark[id] !== doc) {
          addMark[id] = doc;
          addWeight[id] = boost;
          addField[id] = fieldNo;
          mine.push(id);
        } else if (addField[id] !== fieldNo) {
          addWeight[id]! += boost;
          addField[id] = fieldNo;
        }
      }
    }
    for (let k = 0; k < mine.length; k++) {
      const id = mine[k]!;
      const weight = Math.min(WEIGHT_MASK, Math.round(addWeight[id]! * 2));
      post(id, (slot << WEIGHT_BITS) | weight);
      mine[k] = id * WEIGHT_SPAN + weight;
    }
    slotWords[slot] = mine;
  };

  const remove = (d: Pick<SearchDoc, 'id'>): void => {
    const slot = slotOf.get(d.id);
    if (slot === undefined) return;
    slotOf.delete(d.id);
    for (const w of slotWords[slot]!) unpost(Math.floor(w / WEIGHT_SPAN), slot);
    slotWords[slot] = undefined;
    free.push(slot);
  };

  const vocabulary = (): string[] => {
    if (unsorted.length > 64) {
      sorted = sorted.concat(unsorted).sort();
      sortedIds = sorted.map((w) => wordId.get(w)!);
      unsorted = [];
    }
    for (const w of unsorted) {
      const at = lowerBound(sorted, w);
      sorted.splice(at, 0, w);
      sortedIds.splice(at, 0, wordId.get(w)!);
    }
    unsorted = [];
    return sorted;
  };

  /** Calls `found` with the ids of the words without digits within `max` typos of `word` (not the word itself). */
  function near(word: string, max: number, found: (id: number, distance: number) => void): void {
    for (let len = Math.max(1, word.length - max); len <= word.length + max; len++) {
      const bucket = byLength[len];
      if (!bucket) continue;
      for (let k = 0; k < bucket.length; k++) {
        const id = bucket[k]!;
        if (counts[id] === 0) continue;
        const d = boundedDistance(word, wordText[id]!, max);
        if (d > 0 && d <= max) found(id, d);
      }
    }
  }

  /** A new generation of the per-word scratch (grown to the vocabulary). */
  const nextReach = (): number => {
    if (reachGen.length < wordText.length) {
      const size = Math.max(1024, wordText.length * 2);
      reachGen = new Uint32Array(size);
      reachQuality = new Float64Array(size);
      reachGeneration = 0;
    }
    if (reachGeneration >= 0xfffffff0) {
      reachGen.fill(0);
      reachGeneration = 0;
    }
    return ++reachGeneration;
  };

  /** The word ids a search word reaches, each with the quality of the match. */
  function reached(word: string, last: boolean): Reach {
    const g = nextReach();
    const ids: number[] = [];
    const offer = (id: number | undefined, q: number): void => {
      if (id === undefined || counts[id] === 0) return;
      if (reachGen[id] !== g) {
        reachGen[id] = g;
        reachQuality[id] = q;
        ids.push(id);
      } else if (reachQuality[id]! < q) reachQuality[id] = q;
    };
    const s = stemmed(word);
    const exact = wordId.get(s);
    offer(exact, QUALITY.exact);
    const digits = HAS_DIGIT.test(word);
    const typos = digits ? 0 : typosAllowed(word);
    if (typos > 0) near(s, typos, (id, d) => offer(id, d === 1 ? QUALITY.typo1 : QUALITY.typo2));
    // The last word is also the start of a word while typing, from two characters: one character starts too
    // many words to mean anything ("TL-3", a whole SKU, would otherwise reach a size 30 through its "3").
    if (last && word.length >= 2) {
      const list = vocabulary();
      for (const prefix of s === word ? [word] : [word, s])
        for (let i = lowerBound(list, prefix); i < list.length && list[i]!.startsWith(prefix); i++) {
          const id = sortedIds[i]!;
          offer(id, id === exact ? QUALITY.exact : QUALITY.prefix);
        }
      if (!digits && word.length >= 5)
        for (let len = word.length; len < byLength.length; len++) {
          const bucket = byLength[len];
          if (!bucket) continue;
          for (let k = 0; k < bucket.length; k++) {
            const id = bucket[k]!;
            if (counts[id] === 0 || reachGen[id] === g) continue;
            if (startsWithinOneTypo(word, wordText[id]!)) offer(id, QUALITY.typo2);
          }
        }
    }
    let total = 0;
    const quality = ids.map((id) => {
      total += counts[id]!;
      return reachQuality[id]!;
    });
    return { ids, quality, postings: total };
  }

  const scratch = (): void => {
    const n = idOf.length;
    if (alive.length >= n) return;
    const size = Math.max(1024, n * 2);
    alive = new Uint32Array(size);
    total = new Float64Array(size);
    best = new Float64Array(size);
    bestGen = new Uint32Array(size);
    found = new Int32Array(size);
    spare = new Int32Array(size);
    generation = 0;
  };
  const nextGeneration = (): number => {
    if (generation >= 0xfffffff0) {
      alive.fill(0);
      bestGen.fill(0);
      generation = 0;
    }
    return ++generation;
  };

  /**
   * A search word through its postings: the products it reaches among those alive in `previous` (every
   * product for the first word: `previous` 0), with the word's best score added, into `found`.
   */
  function throughPostings(r: Reach, g: number, previous: number): number {
    let n = 0;
    // One word reached (the common case): a product is in its postings once, no best to keep.
    const single = r.ids.length === 1;
    for (let k = 0; k < r.ids.length; k++) {
      const id = r.ids[k]!;
      const p = postings[id]!;
      const c = counts[id]!;
      const factor = r.quality[k]! / 2;
      for (let j = 0; j < c; j++) {
        const v = p[j]!;
        const slot = v >>> WEIGHT_BITS;
        if (previous !== 0 && alive[slot] !== previous) continue;
        const score = factor * (v & WEIGHT_MASK);
        if (single) {
          total[slot] = (previous === 0 ? 0 : total[slot]!) + score;
          alive[slot] = g;
          spare[n++] = slot;
        } else if (bestGen[slot] !== g) {
          bestGen[slot] = g;
          best[slot] = score;
          spare[n++] = slot;
        } else if (best[slot]! < score) best[slot] = score;
      }
    }
    if (!single)
      for (let j = 0; j < n; j++) {
        const slot = spare[j]!;
        total[slot] = (previous === 0 ? 0 : total[slot]!) + best[slot]!;
        alive[slot] = g;
      }
    const t = found;
    found = spare;
    spare = t;
    return n;
  }

  /** A further search word through the words of each product of `found[0..n)` (when they are fewer). */
  function throughProducts(r: Reach, g: number, n: number): number {
    const rg = nextReach();
    for (let k = 0; k < r.ids.length; k++) {
      reachGen[r.ids[k]!] = rg;
      reachQuality[r.ids[k]!] = r.quality[k]! / 2;
    }
    let kept = 0;
    for (let j = 0; j < n; j++) {
      const slot = found[j]!;
      const words = slotWords[slot]!;
      let top = -1;
      for (let k = 0; k < words.length; k++) {
        const w = words[k]!;
        const id = Math.floor(w / WEIGHT_SPAN);
        if (reachGen[id] !== rg) continue;
        const score = reachQuality[id]! * (w - id * WEIGHT_SPAN);
        if (score > top) top = score;
      }
      if (top < 0) continue;
      total[slot]! += top;
      alive[slot] = g;
      found[kept++] = slot;
    }
    return kept;
  }

  /**
   * Runs a search: the matching products' slots in `found[0..n)`, their scores (not rounded) in `total`.
   * Every search word is required: the word reaching the fewest postings goes first, and each further word
   * either walks its postings or, when the products left are fewer, looks through those products' words.
   */
  function run(text: string): number {
    const list = searchWords(text).slice(0, SEARCH_WORDS_MAX);
    if (list.length === 0) return 0;
    scratch();
    const reach = list.map((w, i) => reached(w, i === list.length - 1));
    const order = reach.map((_, i) => i).sort((a, b) => reach[a]!.postings - reach[b]!.postings || a - b);
    const perProduct = slotOf.size ? postingsTotal / slotOf.size : 1;
    let n = 0;
    let previous = 0;
    for (let k = 0; k < order.length; k++) {
      const r = reach[order[k]!]!;
      const g = nextGeneration();
      if (k === 0) n = throughPostings(r, g, 0);
      else if (intersect === 'fewer' ? n * perProduct < r.postings : intersect === 'products')
        n = throughProducts(r, g, n);
      else n = throughPostings(r, g, previous);
      previous = g;
      if (n === 0) break;
    }
    return n;
  }

  function hits(text: string): SearchHits {
    const n = run(text);
    // The answer is made before the loop, not after it: V8 compiles a long first loop on its own (on-stack
    // replacement) and left that code at an object literal after it, never run then, at every call.
    if (hitIds.length < n) {
      hitIds = new Float64Array(Math.max(1024, n * 2));
      hitScores = new Float64Array(hitIds.length);
    }
    const out: SearchHits = { ids: hitIds.subarray(0, n), scores: hitScores.subarray(0, n) };
    const { ids, scores } = out;
    for (let i = 0; i < n; i++) {
      ids[i] = idOf[found[i]!]!;
      scores[i] = round(total[found[i]!]!);
    }
    return out;
  }

  function search(text: string): Map<number, number> {
    const n = run(text);
    const out = new Map<number, number>();
    for (let i = 0; i < n; i++) out.set(idOf[found[i]!]!, round(total[found[i]!]!));
    return out;
  }

  /** The best `limit` ids of the last run's `n` products (as topHits, without copying them out). */
  function topOfRun(n: number, limit: number): number[] {
    const topIds = new Float64Array(limit);
    const topScores = new Float64Array(limit);
    let size = 0;
    // From the end: slots mostly follow the order of adding (ids rising), so on a tie of scores the
    // first few seen are the best and the rest fail the first test.
    for (let j = n - 1; j >= 0; j--) {
      const slot = found[j]!;
      const score = round(total[slot]!);
      const id = idOf[slot]!;
      if (size === limit) {
        const s = topScores[limit - 1]!;
        if (limit === 0 || score < s || (score === s && id < topIds[limit - 1]!)) continue;
      }
      let at = size < limit ? size++ : limit - 1;
      while (
        at > 0 &&
        (score > topScores[at - 1]! || (score === topScores[at - 1] && id > topIds[at - 1]!))
      ) {
        topIds[at] = topIds[at - 1]!;
        topScores[at] = topScores[at - 1]!;
        at--;
      }
      topIds[at] = id;
      topScores[at] = score;
    }
    return Array.from(topIds.subarray(0, size));
  }

  for (const d of docs) add(d);

  return {
    add,
    remove,
    has: (id) => slotOf.has(id),
    get size() {
      return slotOf.size;
    },
    get words() {
      return wordText.length;
    },
    search,
    hits,
    suggest(text, limit) {
      return topOfRun(run(text), limit);
    },
    didYouMean(text) {
      const list = searchWords(text).slice(0, SEARCH_WORDS_MAX);
      if (list.length === 0) return undefined;
      const fixed = list.map((w) => {
        if (w.length < 3 || HAS_DIGIT.test(w) || counts[wordId.get(stemmed(w)) ?? -1]) return w;
        let pick: [number, number] | undefined; // word id, distance
        near(stemmed(w), Math.max(2, typosAllowed(w)), (id, d) => {
          if (!pick || d < pick[1] || (d === pick[1] && counts[id]! > counts[pick[0]]!)) pick = [id, d];
        });
        return pick ? wordForm[pick[0]]! : w;
      });
      const corrected = fixed.join(' ');
      if (corrected === list.join(' ')) return undefined;
      return run(corrected) ? corrected : undefined;
    },
  };
}

/** The `limit` best ids by score (ties: the higher id first), without sorting every hit. */
export function topHits(ids: ArrayLike<number>, scores: ArrayLike<number>, limit: number): number[] {
  const top: number[] = []; // positions, best first
  const better = (a: number, b: number): boolean =>
    scores[a]! > scores[b]! || (scores[a] === scores[b] && ids[a]! > ids[b]!);
  // From the end: hits mostly come in the order of adding (ids rising), so on a tie of scores the first
  // few seen are the best and the rest fail the first test.
  for (let i = ids.length - 1; i >= 0; i--) {
    if (top.length === limit && (limit === 0 || !better(i, top[limit - 1]!))) continue;
    let at = top.length;
    while (at > 0 && better(i, top[at - 1]!)) at--;
    top.splice(at, 0, i);
    if (top.length > limit) top.pop();
  }
  return top.map((i) => ids[i]!);
}
