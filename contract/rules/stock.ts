/**
 * What the storefront says about stock, from the quantities a product carries (contract/schemas/stock.ts).
 * Public answers show each variant's units up to STOCK_SHOWN_MAX (the most one cart line may hold), so an
 * order that leaves plenty behind does not change the catalogue's answers; the admin sees exact units.
 */
import { ORDER_LIMITS } from '#contract/limits';

export const STOCK_SHOWN_MAX = ORDER_LIMITS.qtyPerLine;
/** "Only N left" from here down, counted across the product. */
export const LOW_STOCK = 3;

interface StockLine {
  size: string;
  color: string;
  quantity: number;
}
interface Stocked {
  inventory?: readonly StockLine[] | undefined;
}

export type StockLevel =
  | { kind: 'untracked' }
  | { kind: 'in'; left: number }
  | { kind: 'low'; left: number }
  | { kind: 'out'; left: 0 };

export function stockLevel(p: Stocked): StockLevel {
  if (!p.inventory) return { kind: 'untracked' };
  const left = p.inventory.reduce((n, l) => n + l.quantity, 0);
  if (left === 0) return { kind: 'out', left: 0 };
  return left <= LOW_STOCK ? { kind: 'low', left } : { kind: 'in', left };
}

/** The card's words: In Stock, Only N left, Sold out. */
export function stockLabel(level: StockLevel): string {
  if (level.kind === 'out') return 'Sold out';
  if (level.kind === 'low') return `Only ${level.left} left`;
  return 'In Stock';
}

/**
 * Units of one size × colour that can be ordered: undefined when the product does not track stock
 * (no limit), 0 for a combination it tracks no line for.
 */
export function unitsLeft(p: Stocked, size: string, color: string): number | undefined {
  if (!p.inventory) return undefined;
  return p.inventory.find((l) => l.size === size && l.color === color)?.quantity ?? 0;
}
