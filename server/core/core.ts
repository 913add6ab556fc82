import { createAuthUseCases } from './auth';
import { createCatalogCache } from './catalog-cache';
import { createCategoryUseCases } from './catalog-categories';
import { createCatalogIndex } from './catalog-index';
import { createProductUseCases } from './catalog-products';
import { createCountryUseCases } from './countries';
import { createOrderBook } from './order-book';
import { createOrderUseCases } from './orders';
import type { CoreDeps } from './ports';
import { createReportUseCases } from './reports';
import { createStockAlerts } from './stock-alerts';
import { createStockLedger } from './stock-ledger';
import { createWishlistUseCases } from './wishlist';

/** Every use case of spec section 7, wired over one set of ports. */
export function createCore(deps: CoreDeps) {
  // Stock is derived from the products and the orders (stock-ledger.ts); the public products show it.
  const stock = createStockLedger(deps.stores);
  // One set of catalogue indexes and answer caches, kept current by the tables' commits.
  const catalog = createCatalogIndex(deps.stores, { stock });
  const cache = createCatalogCache(catalog);
  // One order book (timelines, customers, running totals) for the orders screen and the sales report.
  const orderBook = createOrderBook(deps.stores.orders);
  return {
    deps,
    catalog,
    categories: createCategoryUseCases(deps, catalog, cache),
    products: createProductUseCases(deps, catalog, cache, stock),
    auth: createAuthUseCases(deps),
    orders: createOrderUseCases(deps, orderBook, stock),
    stock,
    stockAlerts: createStockAlerts(deps, stock),
    wishlist: createWishlistUseCases(deps, (row) => catalog.publicProduct(row)),
    reports: createReportUseCases(deps, orderBook),
    countries: createCountryUseCases(deps),
  };
}

export type Core = ReturnType<typeof createCore>;
