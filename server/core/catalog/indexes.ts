/**
 * The catalogue's indexes, kept current from the product and category tables' commits (so every
 * write path, seeding included, maintains them): products by id come from the table itself; here are
 * the same products sorted by effective price and by date, once for the whole catalogue and once per
 * category and per collection. A listing picks the smallest of these and reads its page straight out
 * of it (catalog/listing.ts). Public products (categories joined in) are built once per row and
 * dropped when the row or any category changes.
 *
 * The search index maps each trigram of a product's lower-cased `title sku` to its products
 * (contract/rules/search-text.ts says why trigrams and not words): built in slices from the first text search,
 * then kept current by the same commits. Category renames do not touch it (the text has no category).
 */
import { effectivePrice } from '#contract/rules/money';
import { searchText, termGrams, textGrams } from '#contract/rules/search-text';
import type { Category } from '#contract/schemas/category';
import type { Product } from '#contract/schemas/product';
import type { Stores } from '../ports';
import type { ShownStock, StoredProduct } from '../records';
import { toPublicProduct } from '../records';
import { SortedList } from '../structures/sorted-list';
import { createSearchIndex } from './search-index';
import { createFacetIndex, type FacetRow } from './facet-index';
import { createSearchEngine, type SearchEngine } from '#contract/rules/search-engine';

/** A product as the indexes hold it: the row, its effective price and its search text, computed once. */
export interface Entry {
  row: StoredProduct;
  price: number;
  text: string;
  /** Its sizes, colours and in-stock as numbers, read on first use (catalog/facet-index.ts). */
  facts?: FacetRow | undefined;
  /** The last search that listed it (catalog/search-listing.ts: a search's matches without a Map of ids). */
  searched?: number;
  /**
   * `created_at` in milliseconds when it is a canonical ISO time (then the numbers' order is the strings'),
   * else NaN: a search puts many products in order and compares these first (see `byTime`).
   */
  time?: number;
}

const CANONICAL_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const timeOf = (createdAt: string): number => (CANONICAL_TIME.test(createdAt) ? Date.parse(createdAt) : NaN);

const entryOf = (row: StoredProduct): Entry => ({
  row,
  price: effectivePrice(row),
  text: searchText(row),
  searched: 0,
  time: timeOf(row.created_at),
});

/** Ids at or above this have no place in the IdColumns (their entries answer instead): 2M ids × 20 bytes at most. */
export const COLUMN_IDS = 1 << 21;

/**
 * Each product's price and time (as its Entry's) in typed columns indexed by id, and a mark per id for the
 * search under way (catalog/search-listing.ts): a search that finds most of the catalogue reads these instead
 * of visiting every entry object, whose reads were most of its time (issue 29, `npm run bench`). A removed
 * product's price is NaN. Ids from COLUMN_IDS up are not kept here (`covers` says no).
 */
export class IdColumns {
  price = new Float64Array(1024).fill(NaN);
  time = new Float64Array(1024);
  mark = new Uint32Array(1024);
  private lastMark = 0;

  covers(id: number): boolean {
    return id < this.price.length;
  }

  set(e: Entry): void {
    const id = e.row.id;
    if (!Number.isInteger(id) || id < 0 || id >= COLUMN_IDS) return;
    if (id >= this.price.length) this.grow(id);
    this.price[id] = e.price;
    this.time[id] = e.time ?? NaN;
  }

  clear(id: number): void {
    if (this.covers(id)) this.price[id] = NaN;
  }

  /** A number for a new search's marks: never one an id still carries (the marks start again when it wraps). */
  nextMark(): number {
    if (this.lastMark === 0xffffffff) {
      this.mark.fill(0);
      this.lastMark = 0;
    }
    return ++this.lastMark;
  }

  private grow(id: number): void {
    let size = this.price.length;
    while (size <= id) size *= 2;
    size = Math.min(size, COLUMN_IDS);
    const price = new Float64Array(size).fill(NaN);
    price.set(this.price);
    const time = new Float64Array(size);
    time.set(this.time);
    const mark = new Uint32Array(size);
    mark.set(this.mark);
    this.price = price;
    this.time = time;
    this.mark = mark;
  }
}

/** The same order as compareProducts('price_asc') in contract/rules/catalog-query.ts. */
export const byPrice = (a: Entry, b: Entry): number => a.price - b.price || a.row.id - b.row.id;
/** The same order as compareProducts('latest'). */
export const byDate = (a: Entry, b: Entry): number =>
  a.row.created_at < b.row.created_at ? 1 : a.row.created_at > b.row.created_at ? -1 : b.row.id - a.row.id;

/**
 * byDate, reading the entries' times first: two different canonical times compare as numbers (the same
 * order as their strings), anything else as byDate does.
 */
export const byTime = (a: Entry, ta: number, b: Entry, tb: number): number =>
  timesDecide(ta, tb) ? tb - ta : byDate(a, b);
/** Whether two entries' times alone give byDate's answer (tb - ta): both canonical, and different. */
export const timesDecide = (ta: number, tb: number): boolean => ta !== tb && ta === ta && tb === tb;

export class Ordering {
  readonly byPrice: SortedList<Entry>;
  readonly byDate: SortedList<Entry>;
  constructor(chunk?: number) {
    this.byPrice = new SortedList<Entry>(byPrice, chunk);
    this.byDate = new SortedList<Entry>(byDate, chunk);
  }
  get size(): number {
    return this.byPrice.size;
  }
  insert(e: Entry): void {
    this.byPrice.insert(e);
    this.byDate.insert(e);
  }
  delete(e: Entry): void {
    this.byPrice.delete(e);
    this.byDate.delete(e);
  }
}

/** Products indexed per slice of the search index's build: a slice is a few milliseconds at most. */
export const SEARCH_BUILD_SLICE = 2_000;

export interface CatalogIndexOptions {
  /** How the search index's build goes on after each slice (the next macrotask; tests may run it at once). */
  schedule?: (next: () => void) => void;
  /** Elements per chunk of the sorted lists (structures/sorted-list.ts); tests lower it to exercise many chunks. */
  chunk?: number;
  /**
   * The stock the public products show (stock/ledger.ts), and how to hear that an order changed it:
   * the product's public form is rebuilt and the version moves on, as for a write of the product.
   */
  stock?: { shown: ShownStock; onShownChange(listener: (productId: number) => void): unknown };
}

export function createCatalogIndex(
  stores: Pick<Stores, 'products' | 'categories'>,
  { schedule = (next) => void setTimeout(next, 0), chunk, stock }: CatalogIndexOptions = {},
) {
  let built = false;
  const entries = new Map<number, Entry>();
  /**
   * The same entries in an array indexed by id (ids are small whole numbers, so it stays dense): a search
   * looks up every product it finds, up to the whole catalogue, and a Map's look-up costs several times more.
   */
  const entryById: Array<Entry | undefined> = [];
  const columns = new IdColumns();
  const all = new Ordering(chunk);
  const byCategory = new Map<number, Ordering>();
  const byCollection = new Map<string, Ordering>();
  /**
   * trigram → products whose search text holds it; undefined until the first text search starts its build,
   * usable once `gramsReady`. Writes during the build go into the map like any other write.
   */
  let grams: Map<string, Set<number>> | undefined;
  let gramsReady = false;
  let publicCache = new WeakMap<StoredProduct, Product>();
  let categoryMap: Map<number, Category> | undefined;
  let categoryEngine: SearchEngine | undefined;
  /** The shop filters and facets (issue 29) over the units the public products show. */
  const facets = createFacetIndex((row) => stock?.shown(row), COLUMN_IDS);
  /** Bumped on every catalogue commit: answer caches (catalog/cache.ts) key on it. */
  let version = 0;

  const group = <K>(map: Map<K, Ordering>, key: K): Ordering => {
    let o = map.get(key);
    if (!o) map.set(key, (o = new Ordering(chunk)));
    return o;
  };
  const groupsOf = (row: StoredProduct): Ordering[] => [
    all,
    ...new Set(row.category_ids.map((id) => group(byCategory, id))),
    ...new Set(row.collections.map((c) => group(byCollection, c))),
  ];

  function build(): void {
    const list = stores.products.all().map(entryOf);
    for (const e of list) {
      entries.set(e.row.id, e);
      entryById[e.row.id] = e;
      columns.set(e);
    }
    all.byPrice.reset(list);
    all.byDate.reset(list);
    const buckets = new Map<Ordering, Entry[]>();
    for (const e of list)
      for (const o of new Set(groupsOf(e.row))) {
        if (o === all) continue;
        const bucket = buckets.get(o);
        if (bucket) bucket.push(e);
        else buckets.set(o, [e]);
      }
    for (const [o, es] of buckets) {
      o.byPrice.reset(es);
      o.byDate.reset(es);
    }
    built = true;
    search.start();
  }
  const ready = (): void => {
    if (!built) build();
  };
  const categories = (): Map<number, Category> =>
    (categoryMap ??= new Map(stores.categories.all().map((c) => [c.id, c])));
  /** The search engine's index (issue 29): catalog/search-index.ts. */
  const search = createSearchIndex({
    rows: () => stores.products.all(),
    row: (id) => stores.products.get(id),
    categories,
    // Its own timer, not `schedule` (the trigram build's): a search finishes this build itself when needed.
    schedule: (next) => void setTimeout(next, 0),
  });

  // Product ids, not entries: a search walks these sets, and reading ids from the set alone (no entry object,
  // its row and its id, each somewhere else in memory) made skipping what the engine had found 0.15 µs a product.
  const addGrams = (map: Map<string, Set<number>>, e: Entry): void => {
    for (const g of textGrams(e.text)) {
      const set = map.get(g);
      if (set) set.add(e.row.id);
      else map.set(g, new Set([e.row.id]));
    }
  };
  const removeGrams = (map: Map<string, Set<number>>, e: Entry): void => {
    for (const g of textGrams(e.text)) {
      const set = map.get(g);
      if (!set) continue;
      set.delete(e.row.id);
      if (set.size === 0) map.delete(g);
    }
  };

  /**
   * Builds the search index in slices between requests, so no request waits for a whole catalogue's
   * trigrams (about 7 ms per 100 products): searches scan until it is ready. Each slice takes the current
   * entry of each id, so a product changed or removed meanwhile is indexed as it is now.
   */
  function startSearchBuild(): void {
    if (grams) return;
    const map = (grams = new Map());
    const ids = [...entries.keys()];
    let i = 0;
    const slice = (): void => {
      for (const end = Math.min(ids.length, i + SEARCH_BUILD_SLICE); i < end; i++) {
        const e = entries.get(ids[i]!);
        if (e) addGrams(map, e);
      }
      if (i < ids.length) schedule(slice);
      else gramsReady = true;
    };
    slice();
  }

  stores.products.subscribe(({ put, removed }) => {
    version++;
    if (!built) return;
    for (const row of removed) {
      const e = entries.get(row.id);
      if (!e) continue;
      entries.delete(row.id);
      entryById[row.id] = undefined;
      columns.clear(row.id);
      facets.forget(row.id);
      for (const o of new Set(groupsOf(e.row))) o.delete(e);
      if (grams) removeGrams(grams, e);
      search.removed(row.id);
    }
    for (const row of put) {
      const e = entryOf(row);
      entries.set(row.id, e);
      entryById[row.id] = e;
      columns.set(e);
      facets.forget(row.id);
      for (const o of new Set(groupsOf(row))) o.insert(e);
      if (grams) addGrams(grams, e);
      search.put(row);
    }
  });
  stores.categories.subscribe(() => {
    version++;
    // Names and slugs are joined into every public product: rebuild them lazily.
    publicCache = new WeakMap();
    categoryMap = undefined;
    categoryEngine = undefined;
    search.reset();
    if (built) search.start();
  });

  stock?.onShownChange((id) => {
    version++;
    const row = stores.products.get(id);
    if (row) publicCache.delete(row);
    const e = entries.get(id);
    if (e) facets.stockChanged(e);
  });

  return {
    version: () => version,
    categories,
    all(): Ordering {
      ready();
      return all;
    },
    ofCategory(id: number): Ordering | undefined {
      ready();
      return byCategory.get(id);
    },
    ofCollection(name: string): Ordering | undefined {
      ready();
      return byCollection.get(name);
    },
    /**
     * A superset of the products whose search text holds every term: the smallest product set of any
     * trigram of any term (empty when some trigram is in no product); undefined when no term is long
     * enough to narrow or the index is still being built. The caller applies the exact matcher.
     */
    searchCandidates(terms: readonly string[]): Entry[] | undefined {
      const sets = this.searchCandidateSets(terms);
      if (!sets) return undefined;
      const out: Entry[] = [];
      for (const id of sets[0]!) {
        const e = entryById[id];
        if (e) out.push(e);
      }
      return out;
    },
    /**
     * Sets of product ids that every product whose search text holds all the terms is in (one empty set when
     * some trigram is in no product): the smallest trigram set first (searchCandidates' superset), then the
     * smallest of each other term and the next smallest overall, which narrow it with a look-up each (the
     * trigrams of one word mostly list the same products; another word's do not). Undefined as there.
     */
    searchCandidateSets(terms: readonly string[]): ReadonlySet<number>[] | undefined {
      if (termGrams(terms).length === 0) return undefined;
      ready();
      startSearchBuild();
      if (!gramsReady || !grams) return undefined;
      const all: ReadonlySet<number>[] = [];
      const perTerm: ReadonlySet<number>[] = [];
      for (const t of terms) {
        let smallest: ReadonlySet<number> | undefined;
        for (const g of termGrams([t])) {
          const set = grams.get(g);
          if (!set) return [new Set()];
          all.push(set);
          if (!smallest || set.size < smallest.size) smallest = set;
        }
        if (smallest) perTerm.push(smallest);
      }
      all.sort((a, b) => a.size - b.size);
      const out = [all[0]!, ...perTerm.sort((a, b) => a.size - b.size)];
      if (all[1]) out.push(all[1]);
      return [...new Set(out)];
    },
    entry: (id: number): Entry | undefined => (ready(), entryById[id]),
    /** Prices, times and search marks by id (IdColumns). */
    columns: (): IdColumns => (ready(), columns),
    /** The shop filters and facet counts (catalog/facet-index.ts). */
    facets: () => facets,
    /**
     * The search engine (built in slices from the first listing; see catalog/search-index.ts): undefined
     * while a long build goes on, so a search never waits for it.
     */
    searchEngine: () => (ready(), search.ready()),
    /** The same, finished now whatever it takes (the bench, tests). */
    completeSearchEngine: () => (ready(), search.engine()),
    /** The categories' own engine (names and slugs), for suggestions; rebuilt after a category commit. */
    categoryEngine: () =>
      (categoryEngine ??= createSearchEngine(
        [...categories().values()].map((c) => ({
          id: c.id,
          title: c.name,
          sku: c.slug,
          categories: [],
          collections: [],
        })),
      )),
    publicProduct(row: StoredProduct): Product {
      // Keyed by the row object: rows are immutable, so a changed product is a new key.
      let p = publicCache.get(row);
      if (!p) {
        p = toPublicProduct(row, categories(), stock?.shown);
        publicCache.set(row, p);
      }
      return p;
    },
  };
}

export type CatalogIndex = ReturnType<typeof createCatalogIndex>;
