import { effectivePrice } from '#contract/rules/money';
import { createSearchEngine, topHits, type SearchEngine } from '#contract/rules/search-engine';
import type { Category } from '#contract/schemas/category';
import type { Product } from '#contract/schemas/product';
import {
  SUGGEST_CATEGORIES,
  SUGGEST_PRODUCTS,
  suggestQuerySchema,
  type Suggestions,
} from '#contract/schemas/search';
import type { CatalogueDb } from './db';
import { engineOf, warmIndex } from './local-index';

/**
 * The search box's suggestions from the local copy (issue 29), for when the network is gone: the same answer as
 * GET /search/suggest (server/core/catalog/search-listing.ts, searchSuggestions) for the same catalogue, because
 * it is the same engine over the same fields: the products' engine of the offline listing index (local-index.ts,
 * built in chunks, kept by every write) ranks the products, and a second engine over the category names and slugs,
 * built as the server builds its own (catalog/indexes.ts, categoryEngine), ranks the categories. The products'
 * pictures and prices are read from IndexedDB for the few ids found. The categories are the shop's list the app
 * already holds (the header's, itself from the saved answer offline). local-suggest.test.ts holds the two equal.
 *
 * A copy still being made answers from the products it holds so far (suggestions carry no total to get wrong).
 */
const categoryEngines = new WeakMap<ReadonlyArray<Category>, SearchEngine>();

function categoryEngine(categories: ReadonlyArray<Category>): SearchEngine {
  let engine = categoryEngines.get(categories);
  if (!engine) {
    engine = createSearchEngine(
      categories.map((c) => ({ id: c.id, title: c.name, sku: c.slug, categories: [], collections: [] })),
    );
    categoryEngines.set(categories, engine);
  }
  return engine;
}

/** The suggestions for `text` (undefined for a text the server would refuse with a 400). */
export async function localSuggestions(
  db: CatalogueDb,
  text: string,
  categories: ReadonlyArray<Category>,
): Promise<Suggestions | undefined> {
  const parsed = suggestQuerySchema.safeParse({ q: text });
  if (!parsed.success) return undefined;
  const q = parsed.data.q;
  // The held index, read again when the table moved on without it (another tab, the sync's worker).
  const index = await warmIndex(db);
  const ids = (await engineOf(index)).suggest(q, SUGGEST_PRODUCTS);
  const found = await db.productStore.bulkGet(ids);
  const { ids: cat, scores } = categoryEngine(categories).hits(q);
  const byId = new Map(categories.map((c) => [c.id, c]));
  return {
    products: found
      .filter((p): p is Product => p !== undefined)
      .map((p) => ({ id: p.id, title: p.title, price: effectivePrice(p), image: p.featured_image })),
    categories: topHits(cat, scores, SUGGEST_CATEGORIES).flatMap((id) => {
      const c = byId.get(id);
      return c ? [{ name: c.name, slug: c.slug }] : [];
    }),
  };
}
