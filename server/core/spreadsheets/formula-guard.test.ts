/** The formula guard: what a spreadsheet would run goes out as text, and every text comes back exactly. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guardCell, unguardCell } from './formula-guard';

describe('formula guard', () => {
  it.each([
    ['=HYPERLINK("x")', `'=HYPERLINK("x")`],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ["'=x", "''=x"],
    ["''+x", "'''+x"],
  ])('guards %j as %j', (cell, out) => {
    expect(guardCell(cell)).toBe(out);
    expect(unguardCell(out)).toBe(cell);
  });

  it.each(['', 'Tee', '19.99', "'", "'quoted'", "it's", "'a=b", 'a=b', ' =x', '#ffffff', '/uploads/x.webp'])(
    'leaves %j alone both ways',
    (cell) => {
      expect(guardCell(cell)).toBe(cell);
      expect(unguardCell(cell)).toBe(cell);
    },
  );

  it('takes off only a guarding apostrophe: a cell typed as text in a spreadsheet keeps its meaning', () => {
    // A spreadsheet saves '=x typed by hand as =x; a file written by hand with '=x means the text =x.
    expect(unguardCell("'=x")).toBe('=x');
    expect(unguardCell("'x")).toBe("'x");
  });

  it('round-trips every text exactly, and never leaves a formula start in what it writes', () => {
    const alphabet = fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', 'a', ' ', '\uFF20', '"');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: alphabet })), (cell) => {
        const out = guardCell(cell);
        expect(unguardCell(out)).toBe(cell);
        expect(out).not.toMatch(/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/);
      }),
      { numRuns: 2_000 },
    );
  });
});
