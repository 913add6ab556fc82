/** The shared cache keeps to both budgets, forgets the least recently used first, and never serves an older version. */
import { describe, expect, it } from 'vitest';
import { BoundedCache, stringBytes } from './bounded-cache';

const textCache = (maxBytes: number, maxEntries: number, version?: () => number) =>
  new BoundedCache<string, string>({ maxBytes, maxEntries, sizeOf: (v) => v.length, version });

describe('BoundedCache', () => {
  it('evicts by bytes: the total never passes maxBytes', () => {
    const c = textCache(100, 1000);
    for (let i = 0; i < 50; i++) c.set(`k${i}`, 'x'.repeat(30));
    expect(c.stats()).toEqual({ entries: 3, bytes: 90 });
    expect(c.get('k49')).toBeDefined();
    expect(c.get('k46')).toBeUndefined();
  });

  it('evicts by count, however small the entries', () => {
    const c = textCache(1_000_000, 10);
    for (let i = 0; i < 500; i++) c.set(`k${i}`, 'x');
    expect(c.stats()).toEqual({ entries: 10, bytes: 10 });
  });

  it('forgets the least recently used first: a read keeps an entry', () => {
    const c = textCache(1000, 3);
    c.set('a', '1');
    c.set('b', '2');
    c.set('c', '3');
    expect(c.get('a')).toBe('1');
    c.set('d', '4');
    expect(c.get('b')).toBeUndefined();
    expect([c.get('a'), c.get('c'), c.get('d')]).toEqual(['1', '3', '4']);
  });

  it('when every entry was read, the oldest goes, not the newcomer', () => {
    const c = textCache(1000, 3);
    for (const k of ['a', 'b', 'c']) c.set(k, k);
    for (const k of ['a', 'b', 'c']) c.get(k);
    c.set('d', 'd');
    expect(['a', 'b', 'c', 'd'].map((k) => c.get(k) ?? null)).toEqual([null, 'b', 'c', 'd']);
  });

  it('re-measures an entry stored again, and refuses one larger than the whole budget', () => {
    const c = textCache(10, 10);
    c.set('a', 'xx');
    c.set('a', 'xxxxx');
    expect(c.stats()).toEqual({ entries: 1, bytes: 5 });
    expect(c.set('big', 'x'.repeat(11))).toBe(false);
    expect(c.get('big')).toBeUndefined();
    expect(c.stats()).toEqual({ entries: 1, bytes: 5 });
  });

  it('delete and clear give the bytes back', () => {
    const c = textCache(100, 10);
    c.set('a', 'xxx');
    c.set('b', 'yy');
    expect(c.delete('a')).toBe(true);
    expect(c.delete('a')).toBe(false);
    expect(c.stats()).toEqual({ entries: 1, bytes: 2 });
    c.clear();
    expect(c.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('entries stored at an older version are misses, and their memory goes with them', () => {
    let version = 1;
    const c = textCache(100, 10, () => version);
    c.set('a', 'old');
    expect(c.get('a')).toBe('old');
    version = 2;
    expect(c.get('a')).toBeUndefined();
    expect(c.stats()).toEqual({ entries: 0, bytes: 0 });
    c.set('a', 'new');
    expect(c.get('a')).toBe('new');
  });

  it('counts strings at their worst case of two bytes per unit', () => {
    expect(stringBytes('abc')).toBe(6);
  });
});
