/**
 * The server's search engine (contract/rules/search-engine.ts) over the catalogue, kept current by the
 * product table's commits (catalog/indexes.ts calls `removed` and `put`). It is built in slices between
 * requests from the first listing on, so the start is not slowed; a search that comes before the build
 * is done finishes it at once (every answer is complete). A category commit (a renamed category changes
 * the text of its products) drops it; the next search builds it again.
 */
import type { SearchDoc, SearchEngine } from '#contract/rules/search-engine';
import { createSearchEngine } from '#contract/rules/search-engine';
import type { Category } from '#contract/schemas/category';
import type { StoredProduct } from '../records';

export const SEARCH_ENGINE_SLICE = 2_000;

export function searchDoc(row: StoredProduct, categories: ReadonlyMap<number, Category>): SearchDoc {
  return {
    id: row.id,
    title: row.title,
    sku: row.sku,
    description: row.description,
    categories: row.category_ids.flatMap((id) => {
      const c = categories.get(id);
      return c ? [{ slug: c.slug, name: c.name }] : [];
    }),
    colors: row.colors,
    sizes: row.sizes,
    collections: row.collections,
  };
}

export function createSearchIndex(options: {
  rows: () => Iterable<StoredProduct>;
  row: (id: number) => StoredProduct | undefined;
  categories: () => ReadonlyMap<number, Category>;
  schedule: (next: () => void) => void;
}) {
  let engine: SearchEngine | undefined;
  /** Ids still to add while a build is under way (each added as its row is then). */
  let pending: number[] = [];
  /** Docs as indexed, so a change removes exactly what was added (MiniSearch needs the same text). */
  let docs = new Map<number, SearchDoc>();

  const add = (e: SearchEngine, row: StoredProduct): void => {
    const doc = searchDoc(row, options.categories());
    e.add(doc);
    docs.set(row.id, doc);
  };
  const step = (e: SearchEngine, count: number): void => {
    while (count-- > 0 && pending.length) {
      const id = pending.pop()!;
      const row = options.row(id);
      if (row && !docs.has(id)) add(e, row);
    }
  };
  const drop = (id: number): void => {
    const doc = docs.get(id);
    if (!doc || !engine) return;
    engine.remove(doc);
    docs.delete(id);
  };

  function start(): SearchEngine {
    if (engine) return engine;
    const e = (engine = createSearchEngine());
    docs = new Map();
    pending = [...options.rows()].map((r) => r.id).reverse();
    const slice = (): void => {
      if (engine !== e) return;
      step(e, SEARCH_ENGINE_SLICE);
      if (pending.length) options.schedule(slice);
    };
    options.schedule(slice);
    return e;
  }

  return {
    /** Start the background build (idempotent). */
    start,
    /** The engine, complete: a build under way is finished now. */
    engine(): SearchEngine {
      const e = start();
      step(e, Infinity);
      return e;
    },
    removed(id: number): void {
      drop(id);
    },
    put(row: StoredProduct): void {
      if (!engine) return;
      drop(row.id);
      add(engine, row);
    },
    /** Category names changed: rebuild on next use. */
    reset(): void {
      engine = undefined;
      pending = [];
      docs = new Map();
    },
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
