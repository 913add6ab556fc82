/** The HTTP cache key keeps exactly what the route reads from the query, and nothing a caller can vary freely. */
import { describe, expect, it } from 'vitest';
import { answerKey, answerKeyOfUrl } from './answer-key';

const P = '/api/products';

describe('answerKey', () => {
  it('drops unknown parameters, whatever their number or order', () => {
    expect(answerKey(P, 'x=1')).toBe(P);
    expect(answerKey(P, '')).toBe(P);
    const key = answerKey(P, 'sort=price_asc&limit=5');
    expect(answerKey(P, 'utm_source=a&limit=5&x=2&sort=price_asc&&')).toBe(key);
  });

  it('keeps every known parameter apart, by name and by value', () => {
    const keys = [
      'category=a',
      'q=a',
      'name=a',
      'collection=a',
      'maxPrice=1',
      'sort=latest',
      'page=2',
      'limit=2',
    ];
    expect(new Set(keys.map((qs) => answerKey(P, qs))).size).toBe(keys.length);
    expect(answerKey(P, 'q=a')).not.toBe(answerKey(P, 'q=b'));
    expect(answerKey(P, 'q=')).not.toBe(answerKey(P, 'q=a'));
    expect(answerKey(P, 'q')).toBe(answerKey(P, 'q='));
    expect(answerKey('/api/products/1', 'x=1')).not.toBe(answerKey('/api/products/2', 'x=1'));
  });

  it('takes the first value of a repeated parameter, as the route does', () => {
    expect(answerKey(P, 'sort=price_desc&sort=price_asc')).toBe(answerKey(P, 'sort=price_desc'));
  });

  it('is unambiguous whatever the values hold', () => {
    expect(answerKey(P, 'category=a",null,"b')).not.toBe(answerKey(P, 'category=a&q=b'));
  });

  it('gives no key when a parameter name is encoded (it could decode to a known one)', () => {
    expect(answerKey(P, '%71=shirt')).toBeNull();
    expect(answerKey(P, 'sort=latest&a+b=1')).toBeNull();
  });
});

describe('answerKey against URLSearchParams (what the route reads)', () => {
  /** mulberry32: a fixed seed, so a failure replays. */
  const rng = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const PIECES = [
    'q',
    'sort',
    'x',
    '=',
    '&',
    '?',
    '%',
    '71',
    '+',
    '#',
    'a',
    ' ',
    ';',
    '%3D',
    '%26',
    'é',
    '%C3%A9',
  ];
  const route = (qs: string): string => {
    const params = new URLSearchParams(qs);
    return JSON.stringify(['q', 'sort'].map((name) => params.get(name)));
  };

  it('one key never stands for two different queries, over 50,000 generated query strings', () => {
    const next = rng(7);
    const seen = new Map<string, string>();
    for (let i = 0; i < 50_000; i++) {
      let qs = '';
      const n = 1 + Math.floor(next() * 10);
      for (let j = 0; j < n; j++) qs += PIECES[Math.floor(next() * PIECES.length)];
      const key = answerKey(P, qs);
      if (key === null) continue;
      const known = route(qs);
      expect(seen.get(key) ?? known, qs).toBe(known);
      seen.set(key, known);
    }
    expect(seen.size).toBeGreaterThan(200);
  });
});

describe('answerKeyOfUrl (remembered per raw URL)', () => {
  const split = (url: string) => {
    const q = url.indexOf('?');
    return [url, q < 0 ? url : url.slice(0, q), q < 0 ? '' : url.slice(q + 1)] as const;
  };

  it('answers what answerKey answers, for repeated, new and very long URLs', () => {
    const words = [
      'category=jackets',
      'maxPrice=80',
      'sort=price_asc',
      'page=2',
      'q=red',
      'color=red',
      'color=blue',
      'x=1',
      '%71=a',
      'size=M',
      'limit=5',
      '',
    ];
    const urls: string[] = [P, '/api/products/7', `${P}?${'q=a&'.repeat(300)}`];
    for (let i = 0; i < 6000; i++) {
      const n = 1 + (i % 4);
      const parts = Array.from({ length: n }, (_, j) => words[(i * 7 + j * 3) % words.length]!);
      urls.push(`${i % 3 ? P : '/api/categories'}?${parts.join('&')}`);
    }
    // Twice through (the second from the memo, past its emptying at 4,096 entries).
    for (const url of [...urls, ...urls]) {
      const [u, path, query] = split(url);
      expect(answerKeyOfUrl(u, path, query)).toBe(answerKey(path, query));
    }
  });
});
