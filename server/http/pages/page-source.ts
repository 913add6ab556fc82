/**
 * What the page renderer reads, straight from the core in process (no HTTP round trip): the same
 * public products and listings the API answers with, so a later server rendering can hand them to the
 * client as its first data. A narrow port, so tests and a later SSR entry can supply their own.
 */
import type { CatalogQuery } from '#contract/rules/catalog-query';
import type { Category } from '#contract/schemas/category';
import type { Product, ProductListResponse } from '#contract/schemas/product';
import type { Core } from '#server/core/core';
import { DomainError } from '#server/core/api/errors';
import { createProductStamps } from './product-stamps';

export interface PageSource {
  /** undefined: no such product. */
  product(id: number): Product | undefined;
  list(query: CatalogQuery): ProductListResponse;
  categories(): Category[];
  /** Every product id with its last change (ISO), in id order, for the sitemap. */
  productStamps(): ReadonlyArray<{ id: number; lastmod: string }>;
  /** Moves on with every catalogue write: rendered pages and sitemaps are cached against it. */
  version(): number;
}

export function pageSourceOf(core: Core): PageSource {
  const stamps = createProductStamps(core.deps.stores);
  return {
    product(id) {
      try {
        return core.products.get(id);
      } catch (e) {
        if (e instanceof DomainError && e.code === 'not_found') return undefined;
        throw e;
      }
    },
    list: (query) => core.products.list(query),
    categories: () => core.categories.list(),
    productStamps: () => stamps.all(),
    version: () => core.catalog.version(),
  };
}
