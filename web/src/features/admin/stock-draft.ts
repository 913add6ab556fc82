/**
 * The admin's stock grid (issue 14) as plain data: what the server holds (StockBase), what the admin did
 * to it in the modal (StockDraft), and the `inventory` field a save sends.
 *
 * Only the cells the admin changed are sent: the server sets each sent combination to exactly that many
 * units left, so resending an untouched cell would undo units that orders took while the modal was open.
 */
import { LIMITS } from '#contract/limits';
import type { InventoryLine, ProductStock } from '#contract/schemas/stock';

export interface StockBase {
  tracked: boolean;
  /** Exact units left per cellKey; a tracked combination without an entry has 0. */
  quantities: ReadonlyMap<string, number>;
  /** Shoppers waiting for "Notify me when it's back", per cellKey. */
  waiting: ReadonlyMap<string, number>;
}

export interface StockDraft {
  /** The "Track stock" checkbox; null while the admin has not touched it (the base decides). */
  tracked: boolean | null;
  /** What the admin typed, per cellKey, exactly as typed. */
  edits: Readonly<Record<string, string>>;
}

export const UNTRACKED: StockBase = { tracked: false, quantities: new Map(), waiting: new Map() };
export const EMPTY_DRAFT: StockDraft = { tracked: null, edits: {} };

export const cellKey = (size: string, color: string) => JSON.stringify([size, color]);

/** The grid's rows and columns: a product without sizes (colours) has one, the empty string. */
export function gridAxes(p: { sizes: readonly string[]; colors: readonly string[] }) {
  return {
    sizes: p.sizes.length > 0 ? [...p.sizes] : [''],
    colors: p.colors.length > 0 ? [...p.colors] : [''],
  };
}

export const sizeName = (size: string) => size || 'One size';
export const colorName = (color: string) => color || 'One colour';

export function baseFromStock(stock: ProductStock): StockBase {
  const quantities = new Map<string, number>();
  const waiting = new Map<string, number>();
  for (const v of stock.variants) {
    if (v.quantity !== null) quantities.set(cellKey(v.size, v.color), v.quantity);
    if (v.waiting > 0) waiting.set(cellKey(v.size, v.color), v.waiting);
  }
  return { tracked: stock.tracked, quantities, waiting };
}

export const isTracked = (base: StockBase, draft: StockDraft) => draft.tracked ?? base.tracked;

/** What the cell's input shows: the admin's typing, else the units the server holds (0 when none). */
export function cellValue(base: StockBase, draft: StockDraft, key: string): string {
  return draft.edits[key] ?? String(base.quantities.get(key) ?? 0);
}

const WHOLE = /^\d{1,7}$/;

/** A valid quantity typed in a cell, or null (blank, decimal, negative, above the limit). */
export function parseQuantity(text: string): number | null {
  const t = text.trim();
  if (!WHOLE.test(t)) return null;
  const n = Number(t);
  return n <= LIMITS.stockQuantity ? n : null;
}

export type StockChange =
  | { ok: true; inventory: InventoryLine[] | null | undefined }
  | { ok: false; invalid: string[]; message: string };

export const QUANTITY_MESSAGE = `Enter a whole number from 0 to ${LIMITS.stockQuantity.toLocaleString('en-US')}.`;

/**
 * The `inventory` a save sends: undefined (leave the stock alone), null (stop tracking), every cell
 * (an untracked product starts tracking) or only the cells whose typed value differs from the base.
 */
export function stockChange(
  base: StockBase,
  draft: StockDraft,
  axes: { sizes: string[]; colors: string[] },
): StockChange {
  const tracked = isTracked(base, draft);
  if (!tracked) return { ok: true, inventory: base.tracked ? null : undefined };
  const lines: InventoryLine[] = [];
  const invalid: string[] = [];
  for (const size of axes.sizes) {
    for (const color of axes.colors) {
      const key = cellKey(size, color);
      const typed = draft.edits[key];
      if (base.tracked && typed === undefined) continue;
      const quantity = parseQuantity(typed ?? String(base.quantities.get(key) ?? 0));
      if (quantity === null) invalid.push(key);
      else if (!base.tracked || quantity !== (base.quantities.get(key) ?? 0))
        lines.push({ size, color, quantity });
    }
  }
  if (invalid.length > 0) return { ok: false, invalid, message: QUANTITY_MESSAGE };
  if (!base.tracked && axes.sizes.length * axes.colors.length > LIMITS.variants) {
    return {
      ok: false,
      invalid: [],
      message: `Stock can be tracked for at most ${LIMITS.variants} size and colour combinations.`,
    };
  }
  return { ok: true, inventory: base.tracked && lines.length === 0 ? undefined : lines };
}

/** The base once a save with this change has landed: a retry (after a failed gallery upload) sends nothing new. */
export function applyChange(base: StockBase, inventory: InventoryLine[] | null | undefined): StockBase {
  if (inventory === undefined) return base;
  if (inventory === null) return { ...base, tracked: false, quantities: new Map() };
  const quantities = new Map(base.tracked ? base.quantities : []);
  for (const l of inventory) quantities.set(cellKey(l.size, l.color), l.quantity);
  return { ...base, tracked: true, quantities };
}
