/** The formula guard: what a spreadsheet would run goes out as text, and every text comes back exactly. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { guardCell, unguardCell } from './formula-guard';

/** What a spreadsheet does with a cell's start: passes over invisible characters and folds look-alikes. */
const passedOver = (ch: string): boolean =>
  ch !== '\t' && ch !== '\r' && /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cc}]/u.test(ch);
const spreadsheetSeesFormula = (cell: string): boolean =>
  /^[=+\-@\t\r\u2212]/.test(([...cell].find((ch) => !passedOver(ch)) ?? '').normalize('NFKC'));

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

  // Look-alikes a spreadsheet folds into a formula start (NFKC), and invisible characters it passes over first.
  it.each([
    ['\u2212' + '1+1', 'minus sign'],
    ['\uFE66' + '1+1', 'small equals'],
    ['\uFE62' + '1', 'small plus'],
    ['\uFE63' + '1', 'small hyphen-minus'],
    ['\uFE6B' + 'SUM(A1)', 'small commercial at'],
    ['\u207A' + '1', 'superscript plus'],
    ['\u2A75' + '1', 'two equals'],
    ['\u200B=1+1', 'zero-width space, then ='],
    ['\u180E=1+1', 'Mongolian vowel separator, then ='],
    ['\u0000=1+1', 'NUL, then ='],
    ['\uFEFF\u2060\u00AD+1', 'several invisible characters, then +'],
    ["'\u200B=x", 'an apostrophe, an invisible character, then ='],
  ])('guards %j (%s), and takes the guard off again', (cell) => {
    expect(guardCell(cell)).toBe(`'${cell}`);
    expect(unguardCell(`'${cell}`)).toBe(cell);
  });

  it.each([
    '',
    'Tee',
    '19.99',
    "'",
    "'quoted'",
    "it's",
    "'a=b",
    'a=b',
    ' =x',
    '#ffffff',
    '/uploads/x.webp',
    '\u200B',
    '\u200BTee',
    '\u2013 dash',
    '\uFF07=x',
  ])('leaves %j alone both ways', (cell) => {
    expect(guardCell(cell)).toBe(cell);
    expect(unguardCell(cell)).toBe(cell);
  });

  it('takes off only a guarding apostrophe: a cell typed as text in a spreadsheet keeps its meaning', () => {
    // A spreadsheet saves '=x typed by hand as =x; a file written by hand with '=x means the text =x.
    expect(unguardCell("'=x")).toBe('=x');
    expect(unguardCell("'x")).toBe("'x");
  });

  it('round-trips every text exactly, and never leaves a formula start in what it writes', () => {
    const alphabet = fc.constantFrom(
      ...["'", '=', '+', '-', '@', '\t', '\r', 'a', ' ', '\uFF20', '"', '\u2212', '\uFE66', '\uFE63'],
      ...['\u200B', '\u180E', '\u0000', '\u00AD', '\n', '\uFF07'],
    );
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: alphabet })), (cell) => {
        const out = guardCell(cell);
        expect(unguardCell(out)).toBe(cell);
        expect(spreadsheetSeesFormula(out)).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });
});
