import type { Table } from 'dexie';
import type { Product } from '#contract/schemas/product';

/**
 * The offline catalogue's products, stored CHUNK_SPAN ids to a row (issue 29).
 *
 * Why chunks: in Chromium every IndexedDB record written costs about 120-150 µs whatever its size (measured:
 * 10,000 single-product puts took 1.5-2.4 s, the same products as 20 records took 0.13 s), so a copy of 10k
 * products stored one per row could not be complete within 3 s of navigation. A row holds the products whose
 * ids fall in one span (`n` = floor(id / CHUNK_SPAN)), sorted by id: the shop's ids count up from 1, so 10k
 * products make 400 rows, and one product is found by reading one row.
 *
 * Why 25: a read pays for every product in the rows it reads (IndexedDB hands out whole rows, deserialized when
 * read), and a listing's page of 12 products from across the catalogue reads up to 12 rows. With 100 ids to a
 * row, deserializing those rows took 12-23 ms of each offline listing at 10k products (a CPU profile of the
 * offline bench's listings); with 25, 3-4 ms, and the full copy writes 400 records instead of 100 (about 40 ms
 * more, in the copy's worker). Rows of 25 rich products (1.5 kB each, like the demo's) also stay small, far from
 * the size past which Chromium keeps a value outside its database, as a file of its own read apart.
 *
 * A product seen online (a detail, a listing's page) is written by reading its row, replacing it there and
 * writing the row back, in the caller's transaction; the full copy replaces whole rows (replaceChunks), so it
 * never reads them. Every reader goes through ProductStore, whose calls read like the Dexie table's they
 * replace (get, bulkGet, toArray, count) and join the transaction they run in.
 */
export const CHUNK_SPAN = 25;

export interface ProductChunk {
  /** floor(id / CHUNK_SPAN) of every product in it. */
  n: number;
  /** Sorted by id, never empty. */
  products: Product[];
}

/** The row a product id lives in; undefined for an id no product can have (the table then has nothing). */
export function chunkOf(id: number): number | undefined {
  return Number.isSafeInteger(id) && id >= 0 ? Math.floor(id / CHUNK_SPAN) : undefined;
}

/** The keys of the rows these ids live in, each once. */
function rowKeys(ids: ReadonlyArray<number>): number[] {
  return [...new Set(ids.map(chunkOf).filter((n): n is number => n !== undefined))];
}

const byId = (a: Product, b: Product) => a.id - b.id;

/** The rows holding these products (the last of each id wins), by key. */
export function chunksOf(products: Iterable<Product>): ProductChunk[] {
  const rows = new Map<number, Map<number, Product>>();
  for (const p of products) {
    const n = chunkOf(p.id);
    if (n === undefined) continue;
    let row = rows.get(n);
    if (!row) rows.set(n, (row = new Map()));
    row.set(p.id, p);
  }
  return [...rows]
    .sort(([a], [b]) => a - b)
    .map(([n, row]) => ({ n, products: [...row.values()].sort(byId) }));
}

export class ProductStore {
  constructor(private readonly chunks: Table<ProductChunk, number>) {}

  async get(id: number): Promise<Product | undefined> {
    const n = chunkOf(id);
    if (n === undefined) return undefined;
    return (await this.chunks.get(n))?.products.find((p) => p.id === id);
  }

  /** The products of these ids, in their order (undefined where none is stored), reading each row once. */
  async bulkGet(ids: ReadonlyArray<number>): Promise<Array<Product | undefined>> {
    const found = new Map<number, Product>();
    for (const row of await this.chunks.bulkGet(rowKeys(ids)))
      for (const p of row?.products ?? []) found.set(p.id, p);
    return ids.map((id) => found.get(id));
  }

  /** Every product, by id. */
  async toArray(): Promise<Product[]> {
    return (await this.chunks.toArray()).flatMap((row) => row.products);
  }

  async count(): Promise<number> {
    let n = 0;
    await this.chunks.each((row) => (n += row.products.length));
    return n;
  }

  /** Up to `limit` rows after row `after` (from the first with null), by key: a table read in parts. */
  rowsAfter(after: number | null, limit: number): Promise<ProductChunk[]> {
    const from = after === null ? this.chunks.toCollection() : this.chunks.where(':id').above(after);
    return from.limit(limit).toArray();
  }

  /** Put or replace products: each row they fall in is read, changed and written back. */
  async bulkPut(products: ReadonlyArray<Product>): Promise<void> {
    const changes = chunksOf(products);
    const rows = await this.chunks.bulkGet(changes.map((c) => c.n));
    await this.chunks.bulkPut(
      changes.map((change, i) => {
        const kept = new Map((rows[i]?.products ?? []).map((p) => [p.id, p]));
        for (const p of change.products) kept.set(p.id, p);
        return { n: change.n, products: [...kept.values()].sort(byId) };
      }),
    );
  }

  async bulkDelete(ids: ReadonlyArray<number>): Promise<void> {
    const gone = new Set(ids);
    const rows = await this.chunks.bulkGet(rowKeys(ids));
    const left = rows.flatMap((row) =>
      row ? [{ n: row.n, products: row.products.filter((p) => !gone.has(p.id)) }] : [],
    );
    await this.chunks.bulkDelete(left.filter((r) => r.products.length === 0).map((r) => r.n));
    await this.chunks.bulkPut(left.filter((r) => r.products.length > 0));
  }

  /** Write whole rows as they are (the full copy: what was in them before is replaced, not read). */
  replaceChunks(rows: ReadonlyArray<ProductChunk>): Promise<unknown> {
    return this.chunks.bulkPut([...rows]);
  }

  /** The keys of every row. */
  chunkKeys(): Promise<number[]> {
    return this.chunks.toCollection().primaryKeys();
  }

  deleteChunks(keys: ReadonlyArray<number>): Promise<void> {
    return this.chunks.bulkDelete([...keys]);
  }
}
