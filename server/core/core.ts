import { createAuthUseCases } from './accounts/auth';
import { createMemoryThrottles } from './api/throttle-store';
import { createCatalogCache } from './catalog/cache';
import { createCategoryUseCases } from './catalog/categories';
import { createCatalogIndex } from './catalog/indexes';
import { createProductUseCases } from './catalog/products';
import { createCountryUseCases } from './orders/countries';
import { createOrderBook } from './orders/book';
import { createOrderUseCases } from './orders/use-cases';
import type { CoreDeps } from './ports';
import { createReportUseCases } from './orders/reports';
import { createStockAlerts } from './stock/alerts';
import { createStockLedger } from './stock/ledger';
import { createWishlistUseCases } from './stock/wishlist';
import { createActivity } from './activity/log';
import { createCsvUseCases } from './spreadsheets/csv';
import { createMailer } from './mail/outbox';

/** Every use case of spec section 7, wired over one set of ports. */
export function createCore(deps: CoreDeps) {
  // Stock is derived from the products and the orders (stock/ledger.ts); the public products show it.
  const stock = createStockLedger(deps.stores);
  // One set of catalogue indexes and answer caches, kept current by the tables' commits.
  const catalog = createCatalogIndex(deps.stores, { stock });
  const cache = createCatalogCache(catalog);
  // One order book (timelines, customers, running totals) for the orders screen and the sales report.
  const orderBook = createOrderBook(deps.stores.orders);
  // The admin's activity log: entries of catalogue writes and the orders' status histories (activity.ts).
  const activity = createActivity(deps);
  // One set of counters for the request budgets and the sign-in brake (shared by the instances of a database).
  const throttles = deps.stores.throttles ?? createMemoryThrottles(deps.clock);
  // The outbox (issue 26): mails ride in the writes of the changes that cause them.
  const mail = createMailer(deps);
  return {
    deps,
    throttles,
    catalog,
    categories: createCategoryUseCases(deps, catalog, cache, activity),
    products: createProductUseCases(deps, catalog, cache, stock, activity),
    activity,
    csv: createCsvUseCases(deps, catalog, stock, activity),
    auth: createAuthUseCases(deps, throttles, mail),
    orders: createOrderUseCases(deps, orderBook, stock, mail),
    stock,
    stockAlerts: createStockAlerts(deps, stock, mail),
    mail,
    wishlist: createWishlistUseCases(deps, (row) => catalog.publicProduct(row)),
    reports: createReportUseCases(deps, orderBook),
    countries: createCountryUseCases(deps),
  };
}

export type Core = ReturnType<typeof createCore>;
