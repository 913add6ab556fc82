/**
 * The server's search engine (contract/rules/search-engine.ts) over the catalogue, kept current by the
 * product table's commits (catalog/indexes.ts calls `removed` and `put`). It is built in slices between
 * requests from the first listing on, so the start is not slowed. A search never waits for a long build:
 * while more than SEARCH_ENGINE_SYNC products are still to index, `ready()` answers undefined and the
 * listing answers with the plain substring search (catalog/search-listing.ts); a small rest is indexed
 * at once. A category commit (a renamed category changes the text of its products) starts it again.
 */
import type { SearchDoc, SearchEngine } from '#contract/rules/search-engine';
import { createSearchEngine } from '#contract/rules/search-engine';
import type { Category } from '#contract/schemas/category';
import type { StoredProduct } from '../records';

/** Products indexed per slice of the background build (a few milliseconds). */
export const SEARCH_ENGINE_SLICE = 500;
/** A build with at most this many products left is finished by the search that needs it. */
export const SEARCH_ENGINE_SYNC = 5_000;

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

  const step = (e: SearchEngine, count: number): void => {
    const categories = options.categories();
    while (count-- > 0 && pending.length) {
      const row = options.row(pending.pop()!);
      if (row && !e.has(row.id)) e.add(searchDoc(row, categories));
    }
  };

  function start(): SearchEngine {
    if (engine) return engine;
    const e = (engine = createSearchEngine());
    pending = [...options.rows()].map((r) => r.id).reverse();
    const slice = (): void => {
      if (engine !== e) return;
      step(e, SEARCH_ENGINE_SLICE);
      if (pending.length) options.schedule(slice);
    };
    if (pending.length) options.schedule(slice);
    return e;
  }

  return {
    /** Start the background build (idempotent). */
    start,
    /** The engine when complete (a small rest is indexed now); undefined while a long build goes on. */
    ready(): SearchEngine | undefined {
      const e = start();
      if (pending.length > SEARCH_ENGINE_SYNC) return undefined;
      step(e, Infinity);
      return e;
    },
    /** The engine, complete: a build under way is finished now (tests, the bench). */
    engine(): SearchEngine {
      const e = start();
      step(e, Infinity);
      return e;
    },
    removed(id: number): void {
      engine?.remove({ id });
    },
    put(row: StoredProduct): void {
      if (!engine) return;
      engine.remove({ id: row.id });
      engine.add(searchDoc(row, options.categories()));
    },
    /** Category names changed: rebuild on next use. */
    reset(): void {
      engine = undefined;
      pending = [];
    },
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
