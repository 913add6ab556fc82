import { LOW_STOCK, stockLevel, unitsLeft, type StockLevel } from '#contract/rules/stock';
import type { Product } from '#contract/schemas/product';

/**
 * Stock rules of the product page (issue 14), over the quantities the product carries (the network's or,
 * offline, the last synced copy's). An untracked product is never sold out.
 */
type Stocked = Pick<Product, 'inventory' | 'sizes' | 'colors'>;

/**
 * Whether a size (or colour) option is sold out for the other pick: with the other chosen, that one
 * combination; with nothing chosen yet, every combination the option appears in.
 */
export function optionSoldOut(p: Stocked, kind: 'size' | 'color', option: string, other: string): boolean {
  if (!p.inventory) return false;
  const others = other ? [other] : kind === 'size' ? p.colors : p.sizes;
  const pairs = (others.length ? others : ['']).map((o) => (kind === 'size' ? [option, o] : [o, option]));
  return pairs.every(([size = '', color = '']) => unitsLeft(p, size, color) === 0);
}

/**
 * How many more units of the chosen size and colour can go into the cart: what is left minus what the cart
 * already holds of it; undefined when the product does not track stock or nothing is chosen yet.
 */
export function roomLeft(left: number | undefined, inCart: number): number | undefined {
  return left === undefined ? undefined : Math.max(0, left - inCart);
}

/**
 * The stock beside the price: once both a size and a colour are chosen, that combination's (so a sold-out
 * choice never sits under "In Stock", issue 27); before that, the whole product's, as the cards show it.
 */
export function shownStockLevel(p: Stocked, size: string, color: string): StockLevel {
  const left = size && color ? unitsLeft(p, size, color) : undefined;
  if (left === undefined) return stockLevel(p);
  if (left === 0) return { kind: 'out', left: 0 };
  return left <= LOW_STOCK ? { kind: 'low', left } : { kind: 'in', left };
}
