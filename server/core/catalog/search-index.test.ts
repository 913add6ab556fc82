import { describe, expect, it } from 'vitest';
import type { StoredProduct } from '../records';
import { createSearchIndex, SEARCH_ENGINE_SLICE, SEARCH_ENGINE_SYNC } from './search-index';

const row = (id: number, title: string): StoredProduct =>
  ({
    id,
    title,
    sku: `TL-${id}`,
    description: '',
    category_ids: [],
    collections: [],
    colors: [],
    sizes: [],
  }) as unknown as StoredProduct;

function indexOf(count: number) {
  const rows = new Map(Array.from({ length: count }, (_, i) => [i + 1, row(i + 1, `Field Jacket ${i + 1}`)]));
  const queue: Array<() => void> = [];
  const index = createSearchIndex({
    rows: () => rows.values(),
    row: (id) => rows.get(id),
    categories: () => new Map(),
    schedule: (next) => queue.push(next),
  });
  return { rows, queue, index };
}

describe('the server search engine build (issue 29)', () => {
  it('a search during a long build does not wait for it; slices finish it; writes meanwhile are kept', () => {
    const { rows, queue, index } = indexOf(SEARCH_ENGINE_SYNC + 2 * SEARCH_ENGINE_SLICE);
    index.start();
    expect(index.ready()).toBeUndefined(); // nothing indexed yet, and far too much to do now
    queue.shift()!();
    rows.set(1, row(1, 'Waxed Parka'));
    index.put(rows.get(1)!);
    // One slice left above the rest a search finishes: still not waited for.
    expect(index.ready()).toBeUndefined();
    queue.shift()!();
    const engine = index.ready()!;
    expect(engine).toBeDefined();
    expect(engine.size).toBe(rows.size);
    expect([...engine.search('parka').keys()]).toEqual([1]);
    expect(engine.search('jakcet').size).toBe(rows.size - 1);
  });

  it('a small catalogue is indexed by the first search at once', () => {
    const { index, rows } = indexOf(50);
    expect(index.ready()?.size).toBe(rows.size);
  });
});
