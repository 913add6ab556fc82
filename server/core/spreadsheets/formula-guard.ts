/**
 * The spreadsheet formula guard of the CSV files (issue 15, OWASP "CSV injection"). A spreadsheet runs a
 * cell that starts with =, +, -, @, a tab or a carriage return as a formula, so the export writes such a
 * cell with a leading apostrophe (shown as text, never run) and the import takes that apostrophe off again.
 *
 * What counts as the start is what a spreadsheet sees (issue 24): it passes over invisible characters
 * (format characters such as U+200B, default-ignorables such as U+180E, controls such as NUL) and folds
 * look-alikes into the ASCII signs (NFKC: full-width ＝, small ﹦ ﹢ ﹣ ﹫, superscript ⁺), and reads the
 * minus sign − (U+2212, which NFKC leaves alone) as a minus.
 *
 * To make the round trip exact for every text, the rule covers any run of apostrophes before such a
 * start: `=x` goes out as `'=x`, `'=x` as `''=x`, and the import takes exactly one apostrophe off a
 * cell that starts with one or more apostrophes and then such a start. Any other cell is left alone
 * both ways. Numbers we write ourselves (prices, units, ids) are never negative, so never guarded.
 */

/** Passed over before the first character a spreadsheet reads: invisible, format and control characters. */
const PASSED_OVER = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cc}]/u;
/** A formula start once folded; tab and CR are controls a spreadsheet does not pass over. */
const FORMULA_START = /^[=+\-@\u2212\t\r]/;

/** Whether a spreadsheet would read the cell from `at` on as a formula. */
function formulaStartsAt(cell: string, at: number): boolean {
  for (let i = at; i < cell.length;) {
    const cp = cell.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    if (ch !== '\t' && ch !== '\r' && PASSED_OVER.test(ch)) {
      i += ch.length;
      continue;
    }
    // ASCII folds to itself: only other characters pay for the normalisation.
    return FORMULA_START.test(cp < 0x80 ? ch : ch.normalize('NFKC'));
  }
  return false;
}

/** How many apostrophes the cell starts with. */
function apostrophes(cell: string): number {
  let n = 0;
  while (cell[n] === "'") n++;
  return n;
}

/** A cell the export guards: any run of apostrophes (even none), then a formula start. */
export const needsGuard = (cell: string): boolean => formulaStartsAt(cell, apostrophes(cell));

/** A cell as the export writes a guarded one: at least one apostrophe, then a formula start. */
export function isGuarded(cell: string): boolean {
  const n = apostrophes(cell);
  return n > 0 && formulaStartsAt(cell, n);
}

/** The cell as the export writes it. */
export const guardCell = (cell: string): string => (needsGuard(cell) ? `'${cell}` : cell);

/** The cell as the export had it, from the file: one guarding apostrophe off, if there is one. */
export const unguardCell = (cell: string): string => (isGuarded(cell) ? cell.slice(1) : cell);
