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
import { FacetRule, JOINS_COLORS, JOINS_SIZES, filterKey } from '#contract/rules/catalog-filters';
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
  /** The spelling (trimmed) each key was first seen with in the shop. */
  readonly first: string[] = [];
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
  /**
   * The chosen keys numbered below 32 as bits (the key numbers a product's fact columns can hold): a product
   * whose keys all are below 32 offers a chosen key exactly when its mask meets this one.
   */
  mask(keys: readonly string[]): number {
    let m = 0;
    for (const k of keys) {
      const id = this.ids.get(k);
      if (id !== undefined && id < MASK_BITS) m |= 1 << id;
    }
    return m;
  }
  get size(): number {
    return this.names.length;
  }
}

/** The facet counts of one listing: each product passing every filter but the shop filters and the price range. */
export interface FacetCounter {
  add(e: FactsHolder, price: number): void;
  /** `add` for a product known by its fact columns (FacetIndex.idTest). */
  addBits(sizes: number, colors: number, inStock: boolean, price: number): void;
  result(): Facets;
}

/** Key numbers a product's fact columns hold as bits. */
const MASK_BITS = 32;

/**
 * A product's facts by id, as bit masks of its size and colour keys and a state (FactColumns.UNKNOWN: read its
 * entry), for the products whose keys all are numbered below 32 and spelt as each key was first spelt in the
 * shop: a search that finds most of the catalogue then counts its facets from three typed arrays instead of
 * following each product's entry, facts and their arrays through memory (issue 29, `npm run bench`). Set when
 * an entry's facts are read, cleared when its product is written or its units shown change.
 */
export class FactColumns {
  static readonly UNKNOWN = 0;
  static readonly OUT_OF_STOCK = 1;
  static readonly IN_STOCK = 2;
  sizes = new Uint32Array(1024);
  colors = new Uint32Array(1024);
  state = new Uint8Array(1024);
  constructor(private readonly cap: number) {}
  set(id: number, sizes: number, colors: number, inStock: boolean): void {
    if (id >= this.cap || id < 0 || !Number.isInteger(id)) return;
    if (id >= this.state.length) this.grow(id);
    this.sizes[id] = sizes;
    this.colors[id] = colors;
    this.state[id] = inStock ? FactColumns.IN_STOCK : FactColumns.OUT_OF_STOCK;
  }
  clear(id: number): void {
    if (id < this.state.length) this.state[id] = FactColumns.UNKNOWN;
  }
  private grow(id: number): void {
    const size = Math.min(this.cap, Math.max(id + 1, this.state.length * 2));
    const sizes = new Uint32Array(size);
    sizes.set(this.sizes);
    const colors = new Uint32Array(size);
    colors.set(this.colors);
    const state = new Uint8Array(size);
    state.set(this.state);
    this.sizes = sizes;
    this.colors = colors;
    this.state = state;
  }
}

/** The mask of a product's keys when each is below 32 and spelt as first spelt; -1 when not. */
function maskOf(ids: number[], names: string[], first: string[]): number {
  let m = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (id >= MASK_BITS || names[i] !== first[id]) return -1;
    m |= 1 << id;
  }
  return m;
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
    const name = value.trim();
    names.push(name);
    keys.first[id] ??= name;
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
    this.fit();
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      this.count[id]!++;
      const n = names[i]!;
      const had = this.name[id];
      if (had === undefined || (n !== had && n < had)) this.name[id] = n;
    }
  }
  /**
   * A product whose keys are the bits of `mask`, each spelt as first spelt (FactColumns). Counted per mask and
   * spread over the keys at `tally`: the products of a result mostly share a few masks, and a run of one mask
   * is one comparison each.
   */
  addMask(mask: number): void {
    if (mask === this.lastMask) {
      this.lastCount++;
      return;
    }
    this.flushMask();
    this.lastMask = mask;
    this.lastCount = 1;
  }
  private lastMask = -1;
  private lastCount = 0;
  private readonly masks = new Map<number, number>();
  private flushMask(): void {
    if (this.lastCount > 0)
      this.masks.set(this.lastMask, (this.masks.get(this.lastMask) ?? 0) + this.lastCount);
    this.lastMask = -1;
    this.lastCount = 0;
  }
  private spreadMasks(): void {
    this.flushMask();
    this.fit();
    const first = this.keys.first;
    for (const [mask, count] of this.masks)
      for (let m = mask; m !== 0; m &= m - 1) {
        const id = 31 - Math.clz32(m & -m);
        this.count[id]! += count;
        const n = first[id]!;
        const had = this.name[id];
        if (had === undefined || (n !== had && n < had)) this.name[id] = n;
      }
    this.masks.clear();
  }
  /** A row first read during the pass may have numbered new keys. */
  private fit(): void {
    if (this.count.length < this.keys.size) {
      const grown = new Int32Array(this.keys.size);
      grown.set(this.count);
      this.count = grown;
    }
  }
  tally(): Tally {
    this.spreadMasks();
    const t: Tally = new Map();
    for (let id = 0; id < this.count.length; id++)
      if (this.count[id]! > 0) t.set(this.keys.names[id]!, { value: this.name[id]!, count: this.count[id]! });
    return t;
  }
}

export function createFacetIndex(
  shown: (row: StoredProduct) => ReadonlyArray<{ quantity: number }> | undefined,
  /** Ids from this up get no fact columns (their entries answer). */
  columnIds: number,
) {
  const sizeKeys = new Keys();
  const colorKeys = new Keys();
  const columns = new FactColumns(columnIds);

  function factsOf(e: FactsHolder): FacetRow {
    if (e.facts) return e.facts;
    const { row } = e;
    const sizes = numbered(sizeKeys, row.sizes);
    const colors = numbered(colorKeys, row.colors);
    const units = shown(row);
    const facts: FacetRow = (e.facts = {
      sizes: sizes.ids,
      sizeNames: sizes.names,
      colors: colors.ids,
      colorNames: colors.names,
      inStock: !units || units.some((l) => l.quantity > 0),
    });
    const sizeMask = maskOf(sizes.ids, sizes.names, sizeKeys.first);
    const colorMask = maskOf(colors.ids, colors.names, colorKeys.first);
    if (sizeMask >= 0 && colorMask >= 0) columns.set(row.id, sizeMask, colorMask, facts.inStock);
    else columns.clear(row.id);
    return facts;
  }

  return {
    factsOf,
    /** The units shown of the product changed (an order): its facts are read again. */
    stockChanged(e: FactsHolder): void {
      e.facts = undefined;
      columns.clear(e.row.id);
    },
    /** The product with this id was written or removed: its fact columns wait for its new entry's facts. */
    forget(id: number): void {
      columns.clear(id);
    },
    /** The shop filters and `counter` by product id, from the fact columns (IdTest). */
    idTest(q: FilterQuery, counter: FacetCounter | null): IdTest {
      return new IdTest(
        columns,
        q.size ? sizeKeys.mask(q.size) : -1,
        q.color ? colorKeys.mask(q.color) : -1,
        !!q.in_stock,
        counter,
      );
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
    counter(q: FilterQuery & { maxPrice?: number | undefined }): FacetCounter {
      return new Counter(q, factsOf, sizeKeys, colorKeys);
    },
  };
}

/**
 * facetCounter's counts (one listing's): a class, not closures made per listing, so the hot loops that call
 * it (catalog/search-listing.ts) always meet the same functions and V8 keeps them inlined.
 */
class Counter extends FacetRule implements FacetCounter {
  private readonly wantSize: ((id: number) => boolean) | null;
  private readonly wantColor: ((id: number) => boolean) | null;
  private readonly sizeMask: number;
  private readonly colorMask: number;
  private readonly sizes: Counts;
  private readonly colors: Counts;
  constructor(
    q: FilterQuery & { maxPrice?: number | undefined },
    private readonly factsOf: (e: FactsHolder) => FacetRow,
    sizeKeys: Keys,
    colorKeys: Keys,
  ) {
    super(q);
    this.wantSize = q.size ? sizeKeys.chosen(q.size) : null;
    this.wantColor = q.color ? colorKeys.chosen(q.color) : null;
    this.sizeMask = q.size ? sizeKeys.mask(q.size) : -1;
    this.colorMask = q.color ? colorKeys.mask(q.color) : -1;
    this.sizes = new Counts(sizeKeys);
    this.colors = new Counts(colorKeys);
  }
  add(e: FactsHolder, price: number): void {
    const f = this.factsOf(e);
    const joins = this.count(
      offersAny(f.sizes, this.wantSize),
      offersAny(f.colors, this.wantColor),
      f.inStock,
      price,
    );
    if (joins & JOINS_SIZES) this.sizes.add(f.sizes, f.sizeNames);
    if (joins & JOINS_COLORS) this.colors.add(f.colors, f.colorNames);
  }
  addBits(productSizes: number, productColors: number, productInStock: boolean, price: number): void {
    const size = this.sizeMask === -1 || (productSizes & this.sizeMask) !== 0;
    const color = this.colorMask === -1 || (productColors & this.colorMask) !== 0;
    const joins = this.count(size, color, productInStock, price);
    if (joins & JOINS_SIZES) this.sizes.addMask(productSizes);
    if (joins & JOINS_COLORS) this.colors.addMask(productColors);
  }
  result(): Facets {
    return this.answer(this.sizes.tally(), this.colors.tally());
  }
}

/**
 * The shop filters (FacetIndex.matcher's) and the counter's `add` by product id, from the fact columns: `test`
 * answers 1 when the product passes the shop filters, 0 when not (counted either way, as the counter counts), -1
 * when its columns do not know it (then nothing is counted: read its entry instead).
 */
export class IdTest {
  constructor(
    private readonly columns: FactColumns,
    private readonly size: number,
    private readonly color: number,
    private readonly inStockOnly: boolean,
    private readonly counter: FacetCounter | null,
  ) {}
  test(id: number, price: number): number {
    const { state, sizes, colors } = this.columns;
    const st = id < state.length ? state[id]! : FactColumns.UNKNOWN;
    if (st === FactColumns.UNKNOWN) return -1;
    const inStock = st === FactColumns.IN_STOCK;
    const s = sizes[id]!;
    const c = colors[id]!;
    this.counter?.addBits(s, c, inStock, price);
    if (this.size !== -1 && (s & this.size) === 0) return 0;
    if (this.color !== -1 && (c & this.color) === 0) return 0;
    return this.inStockOnly && !inStock ? 0 : 1;
  }
}

export type FacetIndex = ReturnType<typeof createFacetIndex>;
