import { createAuthUseCases } from './auth';
import { createCategoryUseCases } from './catalog-categories';
import { createProductUseCases } from './catalog-products';
import { createCountryUseCases } from './countries';
import { createOrderUseCases } from './orders';
import type { CoreDeps } from './ports';
import { createReportUseCases } from './reports';

/** Every use case of spec section 7, wired over one set of ports. */
export function createCore(deps: CoreDeps) {
  return {
    deps,
    categories: createCategoryUseCases(deps),
    products: createProductUseCases(deps),
    auth: createAuthUseCases(deps),
    orders: createOrderUseCases(deps),
    reports: createReportUseCases(deps),
    countries: createCountryUseCases(deps),
  };
}

export type Core = ReturnType<typeof createCore>;
