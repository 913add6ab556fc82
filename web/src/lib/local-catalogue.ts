import { catalogQuerySchema, runCatalogQuery } from '#contract/rules/catalog-query';
import type { ProductListResponse } from '#contract/schemas/product';
import type { CatalogueDb } from './db';

/**
 * Listing queries answered from the local copy: only once the background sync has copied the whole
 * catalogue (a partial copy would give wrong totals), and with the contract's reference query, so the
 * items, totals and maxPrice are the server's. The query is parsed by the same schema as on the server.
 */
export async function localProductList(
  db: CatalogueDb,
  query: Record<string, string | number | undefined | null> | undefined,
): Promise<ProductListResponse | undefined> {
  const meta = await db.meta.get('catalogue');
  if (!meta?.complete) return undefined;
  // As the server sees it: URL query strings, empty values absent.
  const asUrl = Object.entries(query ?? {})
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => [k, String(v)]);
  const parsed = catalogQuerySchema.safeParse(Object.fromEntries(asUrl));
  if (!parsed.success) return undefined;
  return runCatalogQuery(await db.products.toArray(), parsed.data);
}
