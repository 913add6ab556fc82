/**
 * The cells of the CSV files that hold more than one text (contract/schemas/csv.ts): lists joined by
 * `|`, stock as `size/colour=units` entries, and money as plain decimals. Inside a list item (and a stock
 * entry's size and colour) a backslash escapes the next character, so `\|`, `\/`, `\=` and `\\` stand for
 * themselves: any label, name or URL goes out and comes back exactly, whatever it holds.
 */
import { CSV_LIST_SEPARATOR } from '#contract/schemas/csv';
import { toCents } from '#contract/rules/money';

const escapeItem = (s: string, special: RegExp): string => s.replace(special, (c) => `\\${c}`);
const LIST_SPECIAL = /[\\|]/g;
const STOCK_SPECIAL = /[\\|/=]/g;

/** Splits on each `sep` that no backslash escapes, keeping the escapes (a part may be split again). */
function splitKeeping(cell: string, sep: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < cell.length; i++) {
    if (cell[i] === '\\') i++;
    else if (cell[i] === sep) {
      out.push(cell.slice(start, i));
      start = i + 1;
    }
  }
  out.push(cell.slice(start));
  return out;
}

/** A backslash stands for the character after it; a trailing lone one for itself. */
const unescape = (s: string): string => s.replace(/\\([\s\S])/g, '$1');

export const listCell = (items: readonly string[]): string =>
  items.map((s) => escapeItem(s, LIST_SPECIAL)).join(CSV_LIST_SEPARATOR);

/** The items of a list cell, trimmed; an empty cell (or empty items) give none. */
export const readList = (cell: string): string[] =>
  cell.trim() === ''
    ? []
    : splitKeeping(cell, CSV_LIST_SEPARATOR)
        .map((s) => unescape(s).trim())
        .filter(Boolean);

export interface StockCell {
  size: string;
  color: string;
  quantity: number;
}

/** `S/red=4|M/red=0`; a product without sizes leaves the size empty (`/red=4`), one without colours the colour. */
export const stockCell = (lines: readonly StockCell[]): string =>
  lines
    .map((l) => `${escapeItem(l.size, STOCK_SPECIAL)}/${escapeItem(l.color, STOCK_SPECIAL)}=${l.quantity}`)
    .join(CSV_LIST_SEPARATOR);

export type StockRead = { lines: StockCell[] } | { problem: string };

const STOCK_SHAPE = 'Write stock as size/colour=units, separated by |, e.g. S/red=4|M/red=0';

/** The lines of a non-empty stock cell, or what is wrong with it. Units are checked later, with the form's rule. */
export function readStock(cell: string): StockRead {
  const lines: StockCell[] = [];
  for (const entry of splitKeeping(cell, CSV_LIST_SEPARATOR)) {
    if (entry.trim() === '') continue;
    const sides = splitKeeping(entry, '=');
    const variant = sides[0] === undefined ? [] : splitKeeping(sides[0], '/');
    const units = sides[1]?.trim() ?? '';
    if (sides.length !== 2 || variant.length !== 2) return { problem: STOCK_SHAPE };
    if (!/^\d{1,15}$/.test(units))
      return { problem: `Units must be a whole number of 0 or more ("${entry.trim().slice(0, 60)}")` };
    lines.push({
      size: unescape(variant[0]!).trim(),
      color: unescape(variant[1]!).trim(),
      quantity: Number(units),
    });
  }
  return { lines };
}

/** Money in the store currency as a plain decimal with two places, from integer cents: `19.99`, `20.00`. */
export function moneyCell(amount: number): string {
  const cents = toCents(amount);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A price as a number, or null when the cell is not a plain decimal such as 19.99 (no sign, no grouping). */
export function readMoney(cell: string): number | null {
  const s = cell.trim();
  return /^\d{1,12}(\.\d{1,12})?$/.test(s) || /^\.\d{1,12}$/.test(s) ? Number(s) : null;
}
