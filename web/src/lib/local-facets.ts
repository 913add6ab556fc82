import {
  FacetRule,
  JOINS_COLORS,
  JOINS_SIZES,
  filterKey,
  isInStock,
  type Facets,
  type FilterQuery,
  type Tally,
} from '#contract/rules/catalog-filters';
import type { ListingRow } from './local-index';

/**
 * The facet counts of an offline listing (issue 29) from what each row offers, read once per row: the contract's
 * facetCounter (catalog-filters.ts) trims, lower-cases and de-duplicates every size and colour of every product
 * on every listing, about 25 ms over 10k products on the main thread. Here a row's keys, the spelling it first
 * uses for each and whether it is in stock are kept beside it (a changed row is a new row object, so they
 * follow it), and the counts are added from them. The same answer as facetCounter: local-catalogue.test.ts holds
 * the offline listing to runCatalogQuery, facets included.
 */
interface Offered {
  /** filterKey of each value, each once, in the order the row lists them. */
  keys: string[];
  /** The trimmed spelling the row first uses for each of `keys`. */
  names: string[];
}

interface Facts {
  sizes: Offered;
  colors: Offered;
  inStock: boolean;
}

const kept = new WeakMap<ListingRow, Facts>();

function offered(values: ReadonlyArray<string> | undefined): Offered {
  const keys: string[] = [];
  const names: string[] = [];
  for (const value of values ?? []) {
    const key = filterKey(value);
    if (!key || keys.includes(key)) continue;
    keys.push(key);
    names.push(value.trim());
  }
  return { keys, names };
}

/** A row's facts, made on first use (the index reads them as it reads the rows: local-index.ts). */
export function factsOf(row: ListingRow): Facts {
  let facts = kept.get(row);
  if (!facts) {
    facts = { sizes: offered(row.sizes), colors: offered(row.colors), inStock: isInStock(row) };
    kept.set(row, facts);
  }
  return facts;
}

const offersAny = (o: Offered, wanted: readonly string[] | undefined): boolean =>
  !wanted || o.keys.some((k) => wanted.includes(k));

function count(into: Tally, o: Offered): void {
  for (let i = 0; i < o.keys.length; i++) {
    const name = o.names[i]!;
    const t = into.get(o.keys[i]!);
    if (!t) into.set(o.keys[i]!, { value: name, count: 1 });
    else {
      t.count++;
      if (name < t.value) t.value = name;
    }
  }
}

/** facetCounter over index rows: add each row passing every filter but the shop filters and the price. */
class RowCounter extends FacetRule {
  private readonly sizes: Tally = new Map();
  private readonly colors: Tally = new Map();
  add(row: ListingRow, price: number): void {
    const f = factsOf(row);
    const joins = this.count(
      offersAny(f.sizes, this.q.size),
      offersAny(f.colors, this.q.color),
      f.inStock,
      price,
    );
    if (joins & JOINS_SIZES) count(this.sizes, f.sizes);
    if (joins & JOINS_COLORS) count(this.colors, f.colors);
  }
  result(): Facets {
    return this.answer(this.sizes, this.colors);
  }
}

export function rowFacetCounter(q: FilterQuery & { maxPrice?: number | undefined }): RowCounter {
  return new RowCounter(q);
}
