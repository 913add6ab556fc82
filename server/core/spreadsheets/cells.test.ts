/** The cells that hold lists, stock and money: every value goes out and comes back exactly. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listCell, moneyCell, readList, readMoney, readStock, stockCell } from './cells';

/** Texts as a label or a name can be: trimmed, never empty, holding any of the separators. */
const label = fc
  .string({ unit: fc.constantFrom('a', 'B', ' ', '|', '/', '=', '\\', "'", 'é'), minLength: 1, maxLength: 8 })
  .map((s) => s.trim())
  .filter(Boolean);

describe('list cells', () => {
  it('join with | and read back exactly, whatever the items hold', () => {
    expect(listCell(['S', 'M', 'L'])).toBe('S|M|L');
    expect(listCell(['navy|blue', 'back\\slash'])).toBe('navy\\|blue|back\\\\slash');
    expect(readList('navy\\|blue|back\\\\slash')).toEqual(['navy|blue', 'back\\slash']);
    fc.assert(
      fc.property(fc.array(label, { maxLength: 6 }), (items) => {
        expect(readList(listCell(items))).toEqual(items);
      }),
    );
  });

  it('read as the form reads a list: items trimmed, empty ones dropped', () => {
    expect(readList('')).toEqual([]);
    expect(readList(' S | M ||')).toEqual(['S', 'M']);
  });
});

describe('stock cells', () => {
  it('write size/colour=units, leaving out the size or colour a product does not have', () => {
    expect(
      stockCell([
        { size: 'S', color: 'red', quantity: 4 },
        { size: 'M', color: 'red', quantity: 0 },
      ]),
    ).toBe('S/red=4|M/red=0');
    expect(stockCell([{ size: '', color: 'red', quantity: 2 }])).toBe('/red=2');
    expect(stockCell([{ size: 'M', color: '', quantity: 2 }])).toBe('M/=2');
    expect(stockCell([{ size: '', color: '', quantity: 9 }])).toBe('/=9');
    expect(stockCell([{ size: 'a/b', color: 'c=d|e', quantity: 1 }])).toBe('a\\/b/c\\=d\\|e=1');
  });

  it('read back exactly', () => {
    const line = fc.record({
      size: fc.oneof(fc.constant(''), label),
      color: fc.oneof(fc.constant(''), label),
      quantity: fc.nat({ max: 1_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), (lines) => {
        expect(readStock(stockCell(lines))).toEqual({ lines });
      }),
    );
  });

  it.each(['S=4', 'S/red', 'S/red/x=1', 'S/red=-1', 'S/red=1.5', 'S/red=four', 'S/red=1=2'])(
    'says what is wrong with %j',
    (cell) => {
      expect(readStock(cell)).toEqual({ problem: expect.any(String) });
    },
  );
});

describe('money cells', () => {
  it('are plain decimals with two places, read back to the same amount', () => {
    expect(moneyCell(19.99)).toBe('19.99');
    expect(moneyCell(20)).toBe('20.00');
    expect(moneyCell(0.1 + 0.2)).toBe('0.30');
    expect(moneyCell(1_000_000)).toBe('1000000.00');
    fc.assert(
      fc.property(fc.nat({ max: 100_000_000 }), (cents) => {
        const amount = cents / 100;
        expect(readMoney(moneyCell(amount))).toBe(Math.round(amount * 100) / 100);
      }),
    );
  });

  it.each(['', ' ', '-5', '+5', '1,50', '1 000', '$5', '5e3', '0x10', 'NaN', '1.2.3'])(
    'refuses %j',
    (cell) => {
      expect(readMoney(cell)).toBeNull();
    },
  );

  it.each([
    ['12', 12],
    [' 12.5 ', 12.5],
    ['.5', 0.5],
    ['0', 0],
  ])('reads %j', (cell, n) => {
    expect(readMoney(cell)).toBe(n);
  });
});
