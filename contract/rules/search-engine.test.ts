import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedDistance, createSearchEngine, searchWords, topHits, type SearchDoc } from './search-engine';

const doc = (id: number, title: string, extra: Partial<SearchDoc> = {}): SearchDoc => ({
  id,
  title,
  sku: `TL-${String(id).padStart(5, '0')}`,
  categories: [],
  collections: [],
  ...extra,
});

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

describe('helpers', () => {
  it('boundedDistance is the Damerau (OSA) distance up to the bound', () => {
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
