/**
 * The admin products list's Stock cell (issue 14), from the quantities the listing carries. Public
 * answers cap each combination at STOCK_SHOWN_MAX, so a total that includes a capped cell is a floor
 * ("240+"); the exact figures are in the product modal.
 */
import { LOW_STOCK, STOCK_SHOWN_MAX, unitsLeft } from '#contract/rules/stock';
import type { Product } from '#contract/schemas/product';
import { gridAxes } from './stock-draft';

export type StockSummary =
  { tracked: false } | { tracked: true; total: string; low: number; soldOut: number };

export function stockSummary(p: Pick<Product, 'inventory' | 'sizes' | 'colors'>): StockSummary {
  if (!p.inventory) return { tracked: false };
  const units = p.inventory.reduce((n, l) => n + l.quantity, 0);
  const capped = p.inventory.some((l) => l.quantity >= STOCK_SHOWN_MAX);
  // Low and sold out count the product's combinations: one without a line has 0 units.
  const { sizes, colors } = gridAxes(p);
  let low = 0;
  let soldOut = 0;
  for (const size of sizes) {
    for (const color of colors) {
      const left = unitsLeft(p, size, color) ?? 0;
      if (left === 0) soldOut += 1;
      else if (left <= LOW_STOCK) low += 1;
    }
  }
  return { tracked: true, total: `${units.toLocaleString('en-US')}${capped ? '+' : ''}`, low, soldOut };
}
