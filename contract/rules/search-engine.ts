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
 * search words. Words are intersected through per-slot marks in typed arrays, so a search touches only the
 * postings its words reach. Scores depend on nothing but the product and the text (no corpus statistics),
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
  /** The same as `search`, as two typed arrays (no Map: the fast path of the listing). */
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

/**
 * The Damerau distance (optimal string alignment: insert, delete, replace, swap neighbours) of a and b, or
 * max + 1 as soon as it must exceed max.
 */
export function boundedDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (la === 0 || lb === 0) return Math.max(la, lb);
  let prev2 = new Array<number>(lb + 1);
  let prev = new Array<number>(lb + 1);
  let cur = new Array<number>(lb + 1);
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb)
        v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[lb]!, max + 1);
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

export function createSearchEngine(docs: Iterable<SearchDoc> = []): SearchEngine {
  // The vocabulary: word → id, and per id its text, first seen form, postings and their count.
  const wordId = new Map<string, number>();
  const wordText: string[] = [];
  const wordForm: string[] = [];
  const postings: Array<number[] | Int32Array> = [];
  const counts: number[] = [];
  /** Words without digits by length: where typos are looked for. */
  const byLength: number[][] = [];
  /** Every word, sorted (prefix look-ups); new words wait in `unsorted` until the next search. */
  let sorted: string[] = [];
  let unsorted: string[] = [];

  // Products: id ↔ slot (a dense number, reused after a removal), and each slot's word ids.
  const slotOf = new Map<number, number>();
  const idOf: number[] = [];
  const slotWords: Array<number[] | undefined> = [];
  const free: number[] = [];

  // A search's scratch, per slot: the generation a slot last survived, its running score, the current
  // word's best score for it and the generation of that.
  let alive = new Uint32Array(0);
  let total = new Float64Array(0);
  let best = new Float64Array(0);
  let bestGen = new Uint32Array(0);
  let generation = 0;

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
    for (const id of mine)
      post(id, (slot << WEIGHT_BITS) | Math.min(WEIGHT_MASK, Math.round(addWeight[id]! * 2)));
    slotWords[slot] = mine;
  };

  const remove = (d: Pick<SearchDoc, 'id'>): void => {
    const slot = slotOf.get(d.id);
    if (slot === undefined) return;
    slotOf.delete(d.id);
    for (const id of slotWords[slot]!) unpost(id, slot);
    slotWords[slot] = undefined;
    free.push(slot);
  };

  const vocabulary = (): string[] => {
    if (unsorted.length > 64) {
      sorted = sorted.concat(unsorted).sort();
      unsorted = [];
    }
    for (const w of unsorted) sorted.splice(lowerBound(sorted, w), 0, w);
    unsorted = [];
    return sorted;
  };

  /** The words of the vocabulary starting with `prefix`. */
  function* startingWith(prefix: string): Generator<string> {
    const list = vocabulary();
    for (let i = lowerBound(list, prefix); i < list.length && list[i]!.startsWith(prefix); i++)
      yield list[i]!;
  }

  /** Words without digits within `max` typos of `word` (the word itself left out), with their distance. */
  function* near(word: string, max: number): Generator<[number, number]> {
    for (let len = Math.max(1, word.length - max); len <= word.length + max; len++)
      for (const id of byLength[len] ?? []) {
        if (counts[id] === 0) continue;
        const d = boundedDistance(word, wordText[id]!, max);
        if (d > 0 && d <= max) yield [id, d];
      }
  }

  /** The word ids a search word reaches, each with the quality of the match. */
  function reached(word: string, last: boolean): Map<number, number> {
    const out = new Map<number, number>();
    const offer = (id: number | undefined, q: number): void => {
      if (id !== undefined && counts[id]! > 0 && (out.get(id) ?? 0) < q) out.set(id, q);
    };
    const s = stemmed(word);
    offer(wordId.get(s), QUALITY.exact);
    const digits = HAS_DIGIT.test(word);
    const typos = digits ? 0 : typosAllowed(word);
    for (const [id, d] of near(s, typos)) offer(id, d === 1 ? QUALITY.typo1 : QUALITY.typo2);
    // The last word is also the start of a word while typing, from two characters: one character starts too
    // many words to mean anything ("TL-3", a whole SKU, would otherwise reach a size 30 through its "3").
    if (!last || word.length < 2) return out;
    for (const prefix of s === word ? [word] : [word, s])
      for (const w of startingWith(prefix)) offer(wordId.get(w), w === s ? QUALITY.exact : QUALITY.prefix);
    if (!digits && word.length >= 5)
      for (let len = word.length; len < byLength.length; len++)
        for (const id of byLength[len] ?? []) {
          if (counts[id] === 0 || out.has(id)) continue;
          const w = wordText[id]!;
          for (const cut of [word.length - 1, word.length, word.length + 1])
            if (cut <= w.length && boundedDistance(word, w.slice(0, cut), 1) <= 1) {
              offer(id, QUALITY.typo2);
              break;
            }
        }
    return out;
  }

  const scratch = (): void => {
    const n = idOf.length;
    if (alive.length >= n) return;
    const size = Math.max(1024, n * 2);
    alive = new Uint32Array(size);
    total = new Float64Array(size);
    best = new Float64Array(size);
    bestGen = new Uint32Array(size);
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

  function hits(text: string): SearchHits {
    const list = searchWords(text).slice(0, SEARCH_WORDS_MAX);
    scratch();
    let slots: number[] = [];
    let previous = 0;
    for (let i = 0; i < list.length; i++) {
      const g = nextGeneration();
      const next: number[] = [];
      for (const [id, quality] of reached(list[i]!, i === list.length - 1)) {
        const p = postings[id]!;
        const n = counts[id]!;
        const factor = quality / 2;
        for (let j = 0; j < n; j++) {
          const v = p[j]!;
          const slot = v >>> WEIGHT_BITS;
          if (i > 0 && alive[slot] !== previous) continue;
          const score = factor * (v & WEIGHT_MASK);
          if (bestGen[slot] !== g) {
            bestGen[slot] = g;
            best[slot] = score;
            next.push(slot);
          } else if (best[slot]! < score) best[slot] = score;
        }
      }
      for (const slot of next) {
        total[slot] = (i === 0 ? 0 : total[slot]!) + best[slot]!;
        alive[slot] = g;
      }
      slots = next;
      previous = g;
      if (slots.length === 0) break;
    }
    const ids = new Float64Array(slots.length);
    const scores = new Float64Array(slots.length);
    for (let i = 0; i < slots.length; i++) {
      ids[i] = idOf[slots[i]!]!;
      scores[i] = round(total[slots[i]!]!);
    }
    return { ids, scores };
  }

  function search(text: string): Map<number, number> {
    const { ids, scores } = hits(text);
    const out = new Map<number, number>();
    for (let i = 0; i < ids.length; i++) out.set(ids[i]!, scores[i]!);
    return out;
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
      const { ids, scores } = hits(text);
      return topHits(ids, scores, limit);
    },
    didYouMean(text) {
      const list = searchWords(text).slice(0, SEARCH_WORDS_MAX);
      if (list.length === 0) return undefined;
      const fixed = list.map((w) => {
        if (w.length < 3 || HAS_DIGIT.test(w) || counts[wordId.get(stemmed(w)) ?? -1]) return w;
        let pick: [number, number] | undefined; // word id, distance
        for (const [id, d] of near(stemmed(w), Math.max(2, typosAllowed(w))))
          if (!pick || d < pick[1] || (d === pick[1] && counts[id]! > counts[pick[0]]!)) pick = [id, d];
        return pick ? wordForm[pick[0]]! : w;
      });
      const corrected = fixed.join(' ');
      if (corrected === list.join(' ')) return undefined;
      return hits(corrected).ids.length ? corrected : undefined;
    },
  };
}

/** The `limit` best ids by score (ties: the higher id first), without sorting every hit. */
export function topHits(ids: ArrayLike<number>, scores: ArrayLike<number>, limit: number): number[] {
  const top: number[] = []; // positions, best first
  const better = (a: number, b: number): boolean =>
    scores[a]! > scores[b]! || (scores[a] === scores[b] && ids[a]! > ids[b]!);
  for (let i = 0; i < ids.length; i++) {
    if (top.length === limit && (limit === 0 || !better(i, top[limit - 1]!))) continue;
    let at = top.length;
    while (at > 0 && better(i, top[at - 1]!)) at--;
    top.splice(at, 0, i);
    if (top.length > limit) top.pop();
  }
  return top.map((i) => ids[i]!);
}
