/** The chunked sorted list against a plain sorted array, through random inserts, deletes and reads. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SortedList } from './sorted-list';

interface Item {
  key: number;
  id: number;
}
const compare = (a: Item, b: Item): number => a.key - b.key || a.id - b.id;

const op = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), key: fc.integer({ min: 0, max: 50 }) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('reset' as const),
    keys: fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 40 }),
  }),
);

describe('SortedList', () => {
  it('holds what a sorted array holds, read by slice, countWhile, last and iteration', () => {
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 300 }),
        fc.integer({ min: 1, max: 6 }),
        fc.nat({ max: 60 }),
        fc.nat({ max: 60 }),
        (ops, chunkSize, a, b) => {
          const list = new SortedList<Item>(compare, chunkSize);
          let model: Item[] = [];
          let id = 0;
          for (const o of ops) {
            if (o.kind === 'insert') {
              const item = { key: o.key, id: ++id };
              list.insert(item);
              model = [...model, item].sort(compare);
            } else if (o.kind === 'delete') {
              const victim = model[o.pick % Math.max(1, model.length)];
              // Deleting an element that is not there (a copy with equal fields) changes nothing.
              list.delete(victim ?? { key: 0, id: -1 });
              if (victim) list.delete({ ...victim });
              model = model.filter((x) => x !== victim);
            } else {
              const items = o.keys.map((key) => ({ key, id: ++id }));
              list.reset(items);
              model = [...items].sort(compare);
            }
          }
          expect(list.size).toBe(model.length);
          expect([...list]).toEqual(model);
          expect(list.last()).toBe(model.at(-1));
          const [start, end] = a <= b ? [a, b] : [b, a];
          expect(list.slice(start, end)).toEqual(model.slice(start, end));
          expect(list.slice(start)).toEqual(model.slice(start));
          const cap = a;
          expect(list.countWhile((x) => x.key <= cap)).toBe(model.filter((x) => x.key <= cap).length);
        },
      ),
      { numRuns: 400 },
    );
  });
});
