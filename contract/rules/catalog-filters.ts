/**
 * The listing's shop filters (issue 29): `size` and `color` (repeatable: any of the chosen sizes AND any of the
 * chosen colours; a product matches a size when its `sizes` list offers it), `in_stock=1` (untracked, or some size
 * × colour with units left) and `minPrice` beside the spec's `maxPrice` (the same effective price). And the
 * facet counts the listing answers with `facets=1`: each size (colour) with how many products it would give
 * within the current result, counted with every filter but the size (colour) one (disjunctive faceting), the
 * products in stock with every filter but in_stock, and the lowest and highest price with every filter but the
 * price. One pass over the products that pass the other filters (category, collection, stock, text).
 *
 * Sizes and colours match case-insensitively ("m" finds "M"); values are compared trimmed and lower-cased, and
 * a facet shows the smallest spelling (by code unit) the products use for it, so every implementation shows
 * the same one. Everything here is optional: a client that sends none of it gets the spec's listing.
 */
import { z } from 'zod';
import { LIMITS } from '#contract/limits';
import { effectivePrice } from './money';
import { lineText } from './text';
import { FILTER_VALUES_MAX, filterKey } from './filter-values';

export { FILTER_VALUES_MAX, filterKey };
/** The most values a facet lists (the most frequent ones; chosen values are always listed). */
export const FACET_VALUES_MAX = 60;
/** The query parameters a transport passes with all their values (the others: the first value). */
export const REPEATABLE_PARAMS: ReadonlySet<string> = new Set(['size', 'color']);

const filterValue = lineText(LIMITS.label);

/**
 * One value or several (a repeated parameter): trimmed, lower-cased, unique, sorted; undefined for none. A bad
 * value is refused under the parameter's own name (`size`, not `size.0`), as every other text field is.
 */
const filterValues = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v, ctx) => {
    const list = v === undefined ? [] : Array.isArray(v) ? v : [v];
    if (list.length > FILTER_VALUES_MAX) {
      ctx.addIssue({ code: 'custom', message: `At most ${FILTER_VALUES_MAX} values` });
      return z.NEVER;
    }
    for (const value of list) {
      const checked = filterValue.safeParse(value);
      if (!checked.success) {
        ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? 'Invalid value' });
        return z.NEVER;
      }
    }
    const keys = [...new Set(list.map(filterKey).filter(Boolean))].sort();
    return keys.length ? keys : undefined;
  });

const flag = z
  .enum(['0', '1'])
  .optional()
  .transform((v) => (v === '1' ? true : undefined));

/** Spread into catalogQuerySchema's object. */
export const filterQueryShape = {
  size: filterValues,
  color: filterValues,
  in_stock: flag,
  minPrice: z.coerce.number().finite().nonnegative().optional(),
  /** `facets=1`: the answer carries the facet counts (a listing without them costs what it did). */
  facets: flag,
};

/** A price range whose floor is above its cap asks for nothing: a 400 naming minPrice. */
export function checkPriceRange(
  q: { minPrice?: number | undefined; maxPrice?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (q.minPrice !== undefined && q.maxPrice !== undefined && q.maxPrice > 0 && q.minPrice > q.maxPrice)
    ctx.addIssue({ code: 'custom', path: ['minPrice'], message: 'The minimum price is above the maximum' });
}

export interface FilterQuery {
  size?: readonly string[] | undefined;
  color?: readonly string[] | undefined;
  in_stock?: true | undefined;
  minPrice?: number | undefined;
}

export interface Faceted {
  sizes?: ReadonlyArray<string> | undefined;
  colors?: ReadonlyArray<string> | undefined;
  inventory?: ReadonlyArray<{ quantity: number }> | undefined;
}

const offers = (values: ReadonlyArray<string> | undefined, wanted: readonly string[] | undefined): boolean =>
  !wanted || (values ?? []).some((v) => wanted.includes(filterKey(v)));

/** Untracked (always orderable), or some size × colour with units left. */
export const isInStock = (p: Faceted): boolean => !p.inventory || p.inventory.some((l) => l.quantity > 0);

export const hasShopFilters = (q: FilterQuery): boolean =>
  !!(q.size || q.color || q.in_stock || (q.minPrice && q.minPrice > 0));

/** The size, colour and in-stock filters (the price range is matchesPrice's). */
export function matchesShopFilters(p: Faceted, q: FilterQuery): boolean {
  return offers(p.sizes, q.size) && offers(p.colors, q.color) && (!q.in_stock || isInStock(p));
}

export const matchesMinPrice = (price: number, minPrice: number | undefined): boolean =>
  minPrice === undefined || minPrice <= 0 || price >= minPrice;

export const facetValueSchema = z.object({
  value: lineText(LIMITS.label),
  count: z.number().int().nonnegative(),
});
export const facetsSchema = z.object({
  sizes: z.array(facetValueSchema).max(FACET_VALUES_MAX + FILTER_VALUES_MAX),
  colors: z.array(facetValueSchema).max(FACET_VALUES_MAX + FILTER_VALUES_MAX),
  /** Products in stock within the current result (every filter but in_stock). */
  in_stock: z.number().int().nonnegative(),
  /** Lowest and highest effective price with every filter but the price range; 0 and 0 when none. */
  price: z.object({ min: z.number().nonnegative(), max: z.number().nonnegative() }),
});
export type Facets = z.infer<typeof facetsSchema>;
export type FacetValue = z.infer<typeof facetValueSchema>;

/** Sizes in the shop's order (XS before S before M…), numbers by value, the rest by name. */
const SIZE_ORDER = ['xxxs', 'xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', '2xl', 'xxxl', '3xl', '4xl', '5xl'];
const sizeRank = (key: string): [number, number, string] => {
  const i = SIZE_ORDER.indexOf(key);
  if (i >= 0) return [0, i, key];
  return /^\d+(\.\d+)?$/.test(key) ? [1, Number(key), key] : [2, 0, key];
};
const bySize = (a: string, b: string): number => {
  const [x, y] = [sizeRank(a), sizeRank(b)];
  return x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0);
};
const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Per key (filterKey): the spelling shown and how many products offer it. */
export type Tally = Map<string, { value: string; count: number }>;

function tally(into: Tally, values: ReadonlyArray<string> | undefined): void {
  if (!values) return;
  const seen = new Set<string>();
  for (const value of values) {
    const key = filterKey(value);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const t = into.get(key);
    if (!t) into.set(key, { value: value.trim(), count: 1 });
    else {
      t.count++;
      if (value.trim() < t.value) t.value = value.trim();
    }
  }
}

/** The most frequent values (ties by key), the chosen ones always, in the facet's display order. */
function listed(t: Tally, chosen: readonly string[] | undefined, order: (a: string, b: string) => number) {
  const keys = [...t.keys()]
    .sort((a, b) => t.get(b)!.count - t.get(a)!.count || byName(a, b))
    .slice(0, FACET_VALUES_MAX);
  for (const c of chosen ?? []) if (!keys.includes(c)) keys.push(c);
  return keys.sort(order).map((k) => t.get(k) ?? { value: k, count: 0 });
}

/** Which tallies a product joins: FacetRule.count's answer. */
export const JOINS_SIZES = 1;
export const JOINS_COLORS = 2;

/**
 * The facet rule, in one place for every counter (the reference below, the server's index by entry and by id, the
 * offline rows). Each facet is counted over the products that pass the other shop filters, so a shopper who chose
 * M still sees how many products come in L; the price range over those passing every shop filter, whatever their
 * price; the sizes, colours and products in stock only within the price range. A counter extends it, calls `count`
 * once per product and adds the product's sizes and colours to the tallies it names.
 */
export class FacetRule {
  inStock = 0;
  min = Infinity;
  max = 0;
  private readonly cap: number;
  private readonly floor: number;
  private readonly inStockOnly: boolean;
  constructor(readonly q: FilterQuery & { maxPrice?: number | undefined }) {
    this.cap = q.maxPrice !== undefined && q.maxPrice > 0 ? q.maxPrice : Infinity;
    this.floor = q.minPrice !== undefined && q.minPrice > 0 ? q.minPrice : -Infinity;
    this.inStockOnly = !!q.in_stock;
  }
  /**
   * Counts a product that passes every filter but the shop filters and the price range: `size` and `color` say
   * whether it offers one of the chosen (or none is chosen), `inStock` is isInStock. Answers the tallies to add its
   * sizes and colours to (JOINS_SIZES | JOINS_COLORS).
   */
  protected count(size: boolean, color: boolean, inStock: boolean, price: number): number {
    const stock = !this.inStockOnly || inStock;
    if (size && color && stock) {
      if (price < this.min) this.min = price;
      if (price > this.max) this.max = price;
    }
    if (price > this.cap || price < this.floor) return 0;
    if (size && color && inStock) this.inStock++;
    return (color && stock ? JOINS_SIZES : 0) | (size && stock ? JOINS_COLORS : 0);
  }
  protected answer(sizes: Tally, colors: Tally): Facets {
    return facetsOf(this.q, sizes, colors, this.inStock, this.min, this.max);
  }
}

class TallyCounter extends FacetRule {
  private readonly sizes: Tally = new Map();
  private readonly colors: Tally = new Map();
  add(p: Faceted, price: number): void {
    const joins = this.count(
      offers(p.sizes, this.q.size),
      offers(p.colors, this.q.color),
      isInStock(p),
      price,
    );
    if (joins & JOINS_SIZES) tally(this.sizes, p.sizes);
    if (joins & JOINS_COLORS) tally(this.colors, p.colors);
  }
  result(): Facets {
    return this.answer(this.sizes, this.colors);
  }
}

/**
 * Counts facets over products that already pass every filter but the shop filters and the price range
 * (add each once, with its effective price), then `result()`.
 */
export function facetCounter(q: FilterQuery & { maxPrice?: number | undefined }): {
  add(p: Faceted, price: number): void;
  result(): Facets;
} {
  return new TallyCounter(q);
}

/** The answer from the tallies (an index may count its own way, then answer with this, as the reference does). */
export function facetsOf(
  q: FilterQuery,
  sizes: Tally,
  colors: Tally,
  inStock: number,
  min: number,
  max: number,
): Facets {
  return {
    sizes: listed(sizes, q.size, bySize),
    colors: listed(colors, q.color, byName),
    in_stock: inStock,
    price: min === Infinity ? { min: 0, max: 0 } : { min, max },
  };
}

/** Facets of a plain list (the reference: every product, with the other filters passed in as `others`). */
export function countFacets<T extends Faceted & { sale_price: number | null; regular_price: number }>(
  products: Iterable<T>,
  q: FilterQuery & { maxPrice?: number | undefined },
): Facets {
  const c = facetCounter(q);
  for (const p of products) c.add(p, effectivePrice(p));
  return c.result();
}
