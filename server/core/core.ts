import { createAuthUseCases } from './auth';
import { createCatalogCache } from './catalog-cache';
import { createCategoryUseCases } from './catalog-categories';
import { createCatalogIndex } from './catalog-index';
import { createProductUseCases } from './catalog-products';
import { createCountryUseCases } from './countries';
import { createOrderUseCases } from './orders';
import type { CoreDeps } from './ports';
import { createReportUseCases } from './reports';

/** Every use case of spec section 7, wired over one set of ports. */
export function createCore(deps: CoreDeps) {
  // One set of catalogue indexes and answer caches, kept current by the tables' commits.
  const catalog = createCatalogIndex(deps.stores);
  const cache = createCatalogCache(catalog);
  return {
    deps,
    catalog,
    categories: createCategoryUseCases(deps, catalog, cache),
    products: createProductUseCases(deps, catalog, cache),
    auth: createAuthUseCases(deps),
    orders: createOrderUseCases(deps),
    reports: createReportUseCases(deps),
    countries: createCountryUseCases(deps),
  };
}

export type Core = ReturnType<typeof createCore>;
