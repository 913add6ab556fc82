import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundedDistance,
  createSearchEngine,
  searchWords,
  startsWithinOneTypo,
  stem,
  topHits,
  typosAllowed,
  type SearchDoc,
} from './search-engine';

const doc = (id: number, title: string, extra: Partial<SearchDoc> = {}): SearchDoc => ({
  id,
  title,
  sku: `TL-${String(id).padStart(5, '0')}`,
  categories: [],
  collections: [],
  ...extra,
});

/** The Damerau (optimal string alignment) distance, by the whole table: the reference. */
const osa = (a: string, b: string): number => {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
};

describe('the engine', () => {
  const shop = [
    doc(1, 'Waxed Field Jacket', { categories: [{ slug: 'jackets', name: 'Jackets' }] }),
    doc(2, 'Oxford Shirt'),
    doc(3, 'Hooded Sweatshirt 1990'),
    doc(4, 'Linen Trousers', { description: '<p>Light &amp; airy</p>' }),
  ];
  const engine = createSearchEngine(shop);

  it('counts a swap as one typo, and a typed prefix with one typo from five letters', () => {
    expect([...engine.search('jakcet').keys()]).toEqual([1]);
    expect([...engine.search('jakce').keys()]).toEqual([1]); // last word: start of "jacket", one swap
    expect(engine.search('jakce trousers').size).toBe(0); // not the last word: no prefix
  });

  it('matches words with digits only exactly or as a prefix', () => {
    expect([...engine.search('1990').keys()]).toEqual([3]);
    expect([...engine.search('199').keys()]).toEqual([3]);
    expect(engine.search('1991').size).toBe(0);
    expect([...engine.search('tl 00002').keys()]).toEqual([2]);
  });

  it('suggests the best first and corrects a text that finds nothing', () => {
    expect(engine.suggest('shirt', 1)).toEqual([2]); // title "Shirt" above "Sweatshirt"'s nothing
    expect(engine.didYouMean('lniem trousres')).toBe('linen trousers');
    expect(engine.didYouMean('jacket')).toBeUndefined();
    expect(engine.didYouMean('qqqqqq')).toBeUndefined();
  });

  it('an index kept through removals and additions answers as one built afresh', () => {
    const kept = createSearchEngine(shop);
    kept.remove({ id: 2 });
    kept.add(doc(5, 'Oxford Jacket'));
    kept.remove({ id: 1 });
    kept.add(doc(1, 'Waxed Field Jacket', { categories: [{ slug: 'jackets', name: 'Jackets' }] }));
    const fresh = createSearchEngine([shop[0]!, shop[2]!, shop[3]!, doc(5, 'Oxford Jacket')]);
    for (const q of ['jacket', 'oxford', 'oxfrod jakcet', 'shirt', 'tl 0000', 'lin'])
      expect(new Map([...kept.search(q)].sort()), q).toEqual(new Map([...fresh.search(q)].sort()));
    expect(kept.size).toBe(4);
  });
});

describe('the engine against a brute-force scan (issue 29: its speed-ups change no answer)', () => {
  /** Titles of words over few letters (many words a typo or two apart), and SKUs: the only fields. */
  const BOOST = { title: 4, sku: 2 };
  const quality = (word: string, last: boolean, w: string): number => {
    const s = stem(word);
    const digits = /\d/.test(word);
    let q = w === s ? 1 : 0;
    const d = osa(s, w);
    if (!digits && !/\d/.test(w) && d > 0 && d <= typosAllowed(word)) q = Math.max(q, d === 1 ? 0.6 : 0.4);
    if (last && word.length >= 2) {
      if (w.startsWith(word) || w.startsWith(s)) q = Math.max(q, w === s ? 1 : 0.8);
      if (!digits && word.length >= 5 && !/\d/.test(w) && w.length >= word.length) {
        const cuts = [word.length - 1, word.length, word.length + 1].filter((c) => c <= w.length);
        if (cuts.some((c) => osa(word, w.slice(0, c)) <= 1)) q = Math.max(q, 0.4);
      }
    }
    return q;
  };
  /** Every product's score for a text, word by word over all its words: no index. */
  const scan = (docs: SearchDoc[], text: string): Map<number, number> => {
    const words = searchWords(text).slice(0, 12);
    const out = new Map<number, number>();
    if (!words.length) return out;
    for (const d of docs) {
      const weight = new Map<string, number>();
      for (const [field, boost] of [
        [d.title, BOOST.title],
        [d.sku, BOOST.sku],
      ] as const)
        for (const w of new Set(searchWords(field).map(stem))) weight.set(w, (weight.get(w) ?? 0) + boost);
      let score = 0;
      for (const [i, word] of words.entries()) {
        let top = 0;
        for (const [w, b] of weight)
          top = Math.max(top, (quality(word, i === words.length - 1, w) / 2) * b * 2);
        if (top === 0) {
          score = -1;
          break;
        }
        score += top;
      }
      if (score > 0) out.set(d.id, Math.round(score * 1000) / 1000);
    }
    return out;
  };
  const letters = fc.oneof(fc.stringMatching(/^[aest]{1,5}$/), fc.stringMatching(/^[aeirst]{5,9}$/));
  const catalogue = fc
    .array(fc.array(letters, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 30 })
    .map((titles) => titles.map((t, i) => doc(i * 7 + 1, t.join(' '))));
  /** A search text: words of the catalogue, misspelt (a letter dropped, added, changed or swapped) and cut. */
  const text = (docs: SearchDoc[]) =>
    fc
      .array(
        fc.tuple(
          fc.constantFrom(...docs.flatMap((d) => searchWords(`${d.title} ${d.sku}`))),
          fc.nat(3),
          fc.nat(9),
          fc.constantFrom(...'aeirstx'),
          fc.nat(3),
        ),
        { minLength: 1, maxLength: 3 },
      )
      .map((ws) =>
        ws
          .map(([w, edit, at, c, cut]) => {
            const i = at % w.length;
            const typo = [
              w,
              w.slice(0, i) + w.slice(i + 1),
              w.slice(0, i) + c + w.slice(i),
              w.slice(0, i) + (w[i + 1] ?? '') + w[i] + w.slice(i + 2),
            ][edit]!;
            return typo.slice(0, Math.max(1, typo.length - (cut === 3 ? 2 : 0)));
          })
          .join(' '),
      );
  const sorted = (m: Map<number, number>) => [...m].sort((a, b) => a[0] - b[0]);

  it('finds and scores as the scan, whichever way words are intersected, and through removals', () => {
    fc.assert(
      fc.property(
        catalogue.chain((docs) =>
          fc.tuple(fc.constant(docs), fc.array(text(docs), { minLength: 1, maxLength: 6 })),
        ),
        ([docs, texts]) => {
          const engines = (['fewer', 'postings', 'products'] as const).map((intersect) =>
            createSearchEngine(docs, { intersect }),
          );
          // A kept index: the first product removed and added back, the second removed.
          const kept = createSearchEngine(docs);
          kept.remove(docs[0]!);
          kept.add(docs[0]!);
          if (docs[1]) kept.remove(docs[1]);
          const rest = docs.filter((_, i) => i !== 1);
          for (const t of texts) {
            const want = sorted(scan(docs, t));
            for (const e of engines) expect(sorted(e.search(t)), t).toEqual(want);
            expect(sorted(kept.search(t)), t).toEqual(sorted(scan(rest, t)));
            const ranked = want.sort((a, b) => b[1] - a[1] || b[0] - a[0]).map(([id]) => id);
            expect(engines[0]!.suggest(t, 3), t).toEqual(ranked.slice(0, 3));
          }
        },
      ),
      { numRuns: 100, seed: 29 },
    );
  }, 60_000);

  it('startsWithinOneTypo: the word within one typo of one of the starts one shorter, as long or one longer', () => {
    const w = fc.stringMatching(/^[abc]{0,9}$/);
    fc.assert(
      fc.property(w, w, (word, other) => {
        const want =
          word.length > 0 &&
          other.length >= word.length &&
          [word.length - 1, word.length, word.length + 1].some(
            (c) => c >= 1 && c <= other.length && osa(word, other.slice(0, c)) <= 1,
          );
        expect(startsWithinOneTypo(word, other)).toBe(want);
      }),
      { numRuns: 2000, seed: 29 },
    );
  });
});

describe('helpers', () => {
  it('boundedDistance is the Damerau (OSA) distance up to the bound', () => {
    const w = fc.stringMatching(/^[abc]{0,7}$/);
    fc.assert(
      fc.property(w, w, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        expect(boundedDistance(a, b, max)).toBe(Math.min(osa(a, b), max + 1));
      }),
      { numRuns: 500, seed: 29 },
    );
  });

  it('searchWords splits ASCII and other scripts alike', () => {
    expect(searchWords('T-Shirt, size XL/2')).toEqual(['t', 'shirt', 'size', 'xl', '2']);
    expect(searchWords('Pull Été-ça σeee')).toEqual(['pull', 'été', 'ça', 'σeee']);
  });

  it('topHits keeps the best by score, the higher id on a tie', () => {
    expect(topHits([1, 2, 3, 4], [0.5, 2, 2, 1], 3)).toEqual([3, 2, 4]);
    expect(topHits([1, 2], [1, 1], 0)).toEqual([]);
  });
});
