/**
 * The shop filters and facet counts of the listing (issue 29, contract/rules/catalog-filters.ts) read from
 * numbers, not strings: every size and colour key (trimmed, lower-cased) gets a small number once, and each
 * product's row gets, once, the numbers of the keys it offers, the spelling it first uses for each and whether
 * it is in stock (units as the public product shows them). A filter is then a lookup in a byte array per
 * chosen value, and the facets are counted in one pass over the products of the current result into arrays
 * indexed by key: no per-value re-filtering, no public product built, no string lower-cased per request.
 *
 * A product's facts are kept on its index entry (catalog/indexes.ts: a write makes a new entry); an order that
 * changes the units shown drops them (stockChanged), as it drops the public product.
 */
import type { Facets, FilterQuery, Tally } from '#contract/rules/catalog-filters';
import { facetsOf, filterKey } from '#contract/rules/catalog-filters';
import type { StoredProduct } from '../records';

/** What the facets read of one product. */
export interface FacetRow {
  /** Key numbers, each once, in the order the product lists them. */
  sizes: number[];
  /** The spelling (trimmed) the product first uses for each of `sizes`. */
  sizeNames: string[];
  colors: number[];
  colorNames: string[];
  /** Untracked, or some size × colour with units shown. */
  inStock: boolean;
}

/** What holds a product's facts: its index entry (read on first use, dropped when its units shown change). */
export interface FactsHolder {
  row: StoredProduct;
  facts?: FacetRow | undefined;
}

/** Key → number, for ever (a shop has some dozens of sizes and colours; a renamed one keeps its old number). */
class Keys {
  readonly names: string[] = [];
  private readonly ids = new Map<string, number>();
  id(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(key, id);
      this.names.push(key);
    }
    return id;
  }
  /**
   * The chosen keys as a test of a key number: a byte per key known now; a key numbered later (a row first
   * read after this) is looked up by name.
   */
  chosen(keys: readonly string[]): (id: number) => boolean {
    const flags = new Uint8Array(this.names.length);
    for (const k of keys) {
      const id = this.ids.get(k);
      if (id !== undefined) flags[id] = 1;
    }
    const wanted = new Set(keys);
    return (id) => (id < flags.length ? flags[id] === 1 : wanted.has(this.names[id]!));
  }
  get size(): number {
    return this.names.length;
  }
}

function numbered(keys: Keys, values: ReadonlyArray<string> | undefined): { ids: number[]; names: string[] } {
  const ids: number[] = [];
  const names: string[] = [];
  for (const value of values ?? []) {
    const key = filterKey(value);
    if (!key) continue;
    const id = keys.id(key);
    if (ids.includes(id)) continue;
    ids.push(id);
    names.push(value.trim());
  }
  return { ids, names };
}

const offersAny = (ids: number[], wanted: ((id: number) => boolean) | null): boolean => {
  if (!wanted) return true;
  for (const id of ids) if (wanted(id)) return true;
  return false;
};

/** Counts per key number: how many products, and the smallest first-used spelling among them. */
class Counts {
  private count: Int32Array;
  private readonly name: Array<string | undefined> = [];
  constructor(private readonly keys: Keys) {
    this.count = new Int32Array(keys.size);
  }
  add(ids: number[], names: string[]): void {
    // A row first read during the pass may have numbered new keys.
    if (this.count.length < this.keys.size) {
      const grown = new Int32Array(this.keys.size);
      grown.set(this.count);
      this.count = grown;
    }
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      this.count[id]!++;
      const n = names[i]!;
      const had = this.name[id];
      if (had === undefined || (n !== had && n < had)) this.name[id] = n;
    }
  }
  tally(): Tally {
    const t: Tally = new Map();
    for (let id = 0; id < this.count.length; id++)
      if (this.count[id]! > 0) t.set(this.keys.names[id]!, { value: this.name[id]!, count: this.count[id]! });
    return t;
  }
}

export function createFacetIndex(
  shown: (row: StoredProduct) => ReadonlyArray<{ quantity: number }> | undefined,
) {
  const sizeKeys = new Keys();
  const colorKeys = new Keys();

  function factsOf(e: FactsHolder): FacetRow {
    if (e.facts) return e.facts;
    const { row } = e;
    const sizes = numbered(sizeKeys, row.sizes);
    const colors = numbered(colorKeys, row.colors);
    const units = shown(row);
    return (e.facts = {
      sizes: sizes.ids,
      sizeNames: sizes.names,
      colors: colors.ids,
      colorNames: colors.names,
      inStock: !units || units.some((l) => l.quantity > 0),
    });
  }

  return {
    factsOf,
    /** The units shown of the product changed (an order): its facts are read again. */
    stockChanged(e: FactsHolder): void {
      e.facts = undefined;
    },
    /** The size, colour and in-stock filters as one test; null when the query has none of them. */
    matcher(q: FilterQuery): ((e: FactsHolder) => boolean) | null {
      if (!q.size && !q.color && !q.in_stock) return null;
      const size = q.size ? sizeKeys.chosen(q.size) : null;
      const color = q.color ? colorKeys.chosen(q.color) : null;
      const inStock = !!q.in_stock;
      return (e) => {
        const f = factsOf(e);
        return offersAny(f.sizes, size) && offersAny(f.colors, color) && (!inStock || f.inStock);
      };
    },
    /**
     * facetCounter's counts (catalog-filters.ts), the same answer: add each product passing every filter
     * but the shop filters and the price range, with its effective price, then `result()`.
     */
    counter(q: FilterQuery & { maxPrice?: number | undefined }) {
      const wantSize = q.size ? sizeKeys.chosen(q.size) : null;
      const wantColor = q.color ? colorKeys.chosen(q.color) : null;
      const cap = q.maxPrice !== undefined && q.maxPrice > 0 ? q.maxPrice : Infinity;
      const floor = q.minPrice !== undefined && q.minPrice > 0 ? q.minPrice : -Infinity;
      const sizes = new Counts(sizeKeys);
      const colors = new Counts(colorKeys);
      let inStock = 0;
      let min = Infinity;
      let max = 0;
      return {
        add(e: FactsHolder, price: number): void {
          const f = factsOf(e);
          const size = offersAny(f.sizes, wantSize);
          const color = offersAny(f.colors, wantColor);
          const stock = !q.in_stock || f.inStock;
          if (size && color && stock) {
            if (price < min) min = price;
            if (price > max) max = price;
          }
          if (price > cap || price < floor) return;
          if (color && stock) sizes.add(f.sizes, f.sizeNames);
          if (size && stock) colors.add(f.colors, f.colorNames);
          if (size && color && f.inStock) inStock++;
        },
        result: (): Facets => facetsOf(q, sizes.tally(), colors.tally(), inStock, min, max),
      };
    },
  };
}

export type FacetIndex = ReturnType<typeof createFacetIndex>;
