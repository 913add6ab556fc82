/**
 * The spreadsheet formula guard of the CSV files (issue 15, OWASP "CSV injection"). A spreadsheet runs a
 * cell that starts with =, +, -, @ (or their full-width forms, which Apple Numbers folds into them), a tab
 * or a carriage return as a formula, so the export writes such a cell with a leading apostrophe (shown as
 * text, never run) and the import takes that apostrophe off again.
 *
 * To make the round trip exact for every text, the rule covers any run of apostrophes before such a
 * character: `=x` goes out as `'=x`, `'=x` as `''=x`, and the import takes exactly one apostrophe off a
 * cell that starts with one or more apostrophes and then such a character. Any other cell is left alone
 * both ways. Numbers we write ourselves (prices, units, ids) are never negative, so never guarded.
 */

/** A cell the export guards: any run of apostrophes (even none), then a formula start. */
export const NEEDS_GUARD = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A cell as the export writes a guarded one: at least one apostrophe, then a formula start. */
export const GUARDED = /^'+[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The cell as the export writes it. */
export const guardCell = (cell: string): string => (NEEDS_GUARD.test(cell) ? `'${cell}` : cell);

/** The cell as the export had it, from the file: one guarding apostrophe off, if there is one. */
export const unguardCell = (cell: string): string => (GUARDED.test(cell) ? cell.slice(1) : cell);
