import { compareProducts, type ListingSort, type QueryableProduct } from '#contract/rules/catalog-query';
import { createSearchEngine, plainText, type SearchEngine } from '#contract/rules/search-engine';
import { readProductsVersion, type CatalogueDb } from './db';
import { factsOf } from './local-facets';
import { nextTask } from './next-task';
import { CHUNK_SPAN } from './product-chunks';

/**
 * The in-memory listing index of the offline catalogue, built once per session (per database), so an offline
 * listing reads from IndexedDB only the products it returns (local-catalogue.ts).
 *
 * Why in memory and not Dexie indexes: the listing filters on a category, a collection, a price cap and a
 * substring search of title + sku, and answers a total and the highest price of the unpriced set; IndexedDB
 * can serve at most one of those from an index, so every other combination would read whole products again.
 * A slim row per product (only the fields the contract's query reads, QueryableProduct) is a few MB at 10k
 * products and is filtered in a millisecond or two.
 *
 * Why it stays equal to the table: every write to the products goes through local-writes.ts, which raises the
 * `products` counter (db.ts) in the same transaction and then applies the change here; the index knows the
 * counter value it reflects. A query checks the counter in the transaction that reads its page of products:
 * another value means a write this index has not seen (another tab), and the index is read again.
 *
 * Why reading it never makes a long task: the rows come in BUILD_CHUNK-product requests (a few stored rows)
 * of one read-only transaction (one consistent snapshot); each request's answer is decoded in a task of its
 * own. The search engine over the rows is built ENGINE_CHUNK rows per task (engineOf), and kept up to date row
 * by row after that (putRows, deleteRows: the engine's scores depend on nothing but the product, so an engine
 * kept so ranks as one built at once).
 */
export type ListingRow = QueryableProduct;

export interface LocalIndex {
  /** The `products` counter value these rows reflect. */
  version: number;
  rows: Map<number, ListingRow>;
  /** Every row in each sort's order, made on first use after a change (local-catalogue.ts). */
  sorted: Partial<Record<ListingSort, ListingRow[]>>;
  /** The search engine over the rows (issue 29): built in chunks by engineOf, then kept by every change. */
  engine?: SearchEngine;
  /** The chunked build under way (engineOf). */
  engineBuild?: Promise<SearchEngine>;
  /** Raised by every change of the rows, so a chunked engine build can tell it missed one. */
  generation: number;
  /**
   * The last pages decided on these rows (local-catalogue.ts), by query: the sidebar's featured products, a
   * listing opened again. Emptied with `sorted` by every change of the rows; at most PAGES_KEPT.
   */
  pages?: Map<string, unknown>;
}

export const PAGES_KEPT = 50;

/** Products read per request while the index is read (a few stored rows: product-chunks.ts). */
export const BUILD_CHUNK = 300;
const READ_ROWS = Math.max(1, Math.round(BUILD_CHUNK / CHUNK_SPAN));
/** Rows added to the search engine per task while it is built (about 10-20 ms on a phone). */
export const ENGINE_CHUNK = 150;

interface State {
  index: LocalIndex | null;
  building: Promise<LocalIndex> | null;
  /** Writes of this tab not yet applied here: a query waits for them rather than rebuild. */
  writes: Set<Promise<unknown>>;
}

const states = new WeakMap<CatalogueDb, State>();

function stateOf(db: CatalogueDb): State {
  let s = states.get(db);
  if (!s) {
    s = { index: null, building: null, writes: new Set() };
    states.set(db, s);
  }
  return s;
}

/** Only what the catalogue query and the search read (no pictures...; the description as plain text). */
export function listingRow(p: QueryableProduct): ListingRow {
  return {
    id: p.id,
    title: p.title,
    sku: p.sku,
    sale_price: p.sale_price,
    regular_price: p.regular_price,
    categories: p.categories.map((c) =>
      c.name === undefined ? { slug: c.slug } : { slug: c.slug, name: c.name },
    ),
    collections: [...p.collections],
    created_at: p.created_at,
    description: plainText(p.description ?? ''),
    // The shop filters and facets (issue 29): sizes, colours and the units shown.
    colors: [...(p.colors ?? [])],
    sizes: [...(p.sizes ?? [])],
    ...(p.inventory
      ? { inventory: p.inventory.map(({ size, color, quantity }) => ({ size, color, quantity })) }
      : {}),
  };
}

const sameList = <T>(a: ReadonlyArray<T>, b: ReadonlyArray<T>) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

const stockOf = (r: ListingRow) => r.inventory?.map((l) => [l.size, l.color, l.quantity].join('\u0000'));

function sameStock(a: ListingRow, b: ListingRow): boolean {
  const [x, y] = [stockOf(a), stockOf(b)];
  return x === undefined || y === undefined ? x === y : sameList(x, y);
}

function sameRow(a: ListingRow, b: ListingRow): boolean {
  return (
    a.title === b.title &&
    a.sku === b.sku &&
    a.sale_price === b.sale_price &&
    a.regular_price === b.regular_price &&
    a.created_at === b.created_at &&
    sameList(
      a.categories.map((c) => c.slug),
      b.categories.map((c) => c.slug),
    ) &&
    sameList(a.collections, b.collections) &&
    sameList(
      a.categories.map((c) => c.name),
      b.categories.map((c) => c.name),
    ) &&
    a.description === b.description &&
    sameList(a.colors ?? [], b.colors ?? []) &&
    sameList(a.sizes ?? [], b.sizes ?? []) &&
    sameStock(a, b)
  );
}

/** Two runs in `compare`'s order as one run in that order (compare is a total order: the order one sort gives). */
export function mergeRuns<T>(a: T[], b: T[], compare: (x: T, y: T) => number): T[] {
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(compare(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/** The order of the default listing (and of a search's ties), kept while the rows are read (issue 29). */
const LATEST = compareProducts('latest');

async function readIndex(db: CatalogueDb): Promise<LocalIndex> {
  return db.transaction('r', db.productChunks, db.meta, async () => {
    const version = await readProductsVersion(db);
    const rows = new Map<number, ListingRow>();
    // Sorted a chunk at a time and merged in: the first offline listing finds it made, and no task sorts all
    // the rows at once (a 10k-row sort takes about 100 ms on a phone, the first time).
    let latest: ListingRow[] = [];
    let last: number | null = null;
    for (;;) {
      const got = await db.productStore.rowsAfter(last, READ_ROWS);
      const read = got.flatMap((row) => row.products.map((p) => listingRow(p)));
      for (const row of read) {
        rows.set(row.id, row);
        factsOf(row); // what the facet counts read, made now rather than on the first listing
      }
      latest = mergeRuns(latest, read.sort(LATEST), LATEST);
      if (got.length < READ_ROWS) break;
      last = got[got.length - 1]!.n;
    }
    return { version, rows, sorted: { latest }, generation: 0 };
  });
}

/** Until the writes of this tab under way now have landed here; false when there were none. */
export async function writesSettled(db: CatalogueDb): Promise<boolean> {
  const s = stateOf(db);
  if (s.writes.size === 0) return false;
  await Promise.allSettled([...s.writes]);
  return true;
}

/**
 * The index as it is (null when none is held), without reading anything: a query checks its version in its
 * own transaction.
 */
export function heldIndex(db: CatalogueDb): LocalIndex | null {
  return stateOf(db).index;
}

/** Read the index from the table (one read at a time; a caller during a read shares it). */
export function buildIndex(db: CatalogueDb): Promise<LocalIndex> {
  const s = stateOf(db);
  s.building ??= readIndex(db)
    .then((index) => (s.index = index))
    .finally(() => (s.building = null));
  return s.building;
}

/** Drop the index (it missed a write): the next query reads it again. */
export function dropIndex(db: CatalogueDb, index: LocalIndex): void {
  const s = stateOf(db);
  if (s.index === index) s.index = null;
}

async function buildEngine(index: LocalIndex): Promise<SearchEngine> {
  for (;;) {
    const generation = index.generation;
    const rows = [...index.rows.values()];
    const engine = createSearchEngine();
    for (let i = 0; i < rows.length; i += ENGINE_CHUNK) {
      if (i > 0) await nextTask();
      if (index.generation !== generation) break;
      for (let j = i; j < Math.min(i + ENGINE_CHUNK, rows.length); j++) engine.add(rows[j]!);
    }
    // The rows changed meanwhile (rare: a write during the build): start again from them.
    if (index.generation !== generation) continue;
    index.engine = engine;
    return engine;
  }
}

/** The search engine over the index's rows, built in chunks the first time (callers during a build share it). */
export function engineOf(index: LocalIndex): Promise<SearchEngine> {
  if (index.engine) return Promise.resolve(index.engine);
  index.engineBuild ??= buildEngine(index).finally(() => (index.engineBuild = undefined));
  return index.engineBuild;
}

/**
 * The index, read when none is held or when the table moved on without it (a copy written by the sync's
 * worker); with `engine`, its search engine too. The background sync and going offline warm it.
 */
export async function warmIndex(db: CatalogueDb, options: { engine?: boolean } = {}): Promise<LocalIndex> {
  await writesSettled(db);
  let index = heldIndex(db);
  if (index && index.version !== (await readProductsVersion(db))) {
    dropIndex(db, index);
    index = null;
  }
  index ??= await buildIndex(db);
  if (options.engine) await engineOf(index);
  return index;
}

/** Follow a write of this tab; `run` answers the counter values before and after it, once committed. */
export function trackWrite(
  db: CatalogueDb,
  run: () => Promise<{ from: number; to: number }>,
  change: (rows: Map<number, ListingRow>, engine: SearchEngine | undefined) => boolean,
): Promise<void> {
  const s = stateOf(db);
  const write = (async () => {
    const { from, to } = await run();
    if (s.building) await s.building.catch(() => undefined);
    const index = s.index;
    // Read after this write: it is in there already (the counter only grows).
    if (!index || index.version >= to) return;
    if (index.version !== from) {
      s.index = null; // a write of another tab came first: read again when needed
      return;
    }
    if (change(index.rows, index.engine)) {
      index.sorted = {};
      index.pages = undefined;
      index.generation++;
    }
    index.version = to;
  })();
  s.writes.add(write);
  void write.catch(() => undefined).finally(() => s.writes.delete(write));
  return write;
}

/** Put or replace rows (and keep the engine, when one is built, equal to them); true when any row changed. */
export function putRows(
  rows: Map<number, ListingRow>,
  products: ReadonlyArray<QueryableProduct>,
  engine?: SearchEngine,
): boolean {
  let changed = false;
  for (const p of products) {
    const next = listingRow(p);
    const prev = rows.get(p.id);
    if (prev && sameRow(prev, next)) continue;
    rows.set(p.id, next);
    if (engine) {
      if (prev) engine.remove(prev);
      engine.add(next);
    }
    changed = true;
  }
  return changed;
}

export function deleteRows(
  rows: Map<number, ListingRow>,
  ids: ReadonlyArray<number>,
  engine?: SearchEngine,
): boolean {
  let changed = false;
  for (const id of ids) {
    const prev = rows.get(id);
    if (!prev) continue;
    rows.delete(id);
    engine?.remove(prev);
    changed = true;
  }
  return changed;
}
