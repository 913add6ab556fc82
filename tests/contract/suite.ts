/**
 * The one contract suite: every call of spec section 7 with its happy path and main errors. It runs
 * twice, against the Koa app over real HTTP (server/http/contract-koa.test.ts) and against the MSW
 * handlers (mock-api/contract-msw.test.ts), with the same expectations.
 */
import type { ContractTarget } from './client';
import { createClient } from './client';
import { authSuite } from './suite-auth';
import { cachingSuite } from './suite-caching';
import { catalogSuite } from './suite-catalog';
import { csvSuite } from './suite-csv';
import { ordersSuite } from './suite-orders';
import { activitySuite } from './suite-activity';
import { reportsSuite } from './suite-reports';
import { stockSuite } from './suite-stock';
import { stockFilterSuite } from './suite-stock-filter';
import { shopFiltersSuite } from './suite-shop-filters';
import { wishlistSuite } from './suite-wishlist';
import { mailSuite } from './suite-mail';
import { profileSuite } from './suite-profile';
import { searchSuite } from './suite-search';

export function runContractSuite(target: () => ContractTarget): void {
  const client = createClient(target);
  catalogSuite(client);
  searchSuite(client);
  cachingSuite(client);
  ordersSuite(client);
  authSuite(client);
  stockSuite(client);
  stockFilterSuite(client);
  shopFiltersSuite(client);
  wishlistSuite(client);
  reportsSuite(client);
  activitySuite(client);
  csvSuite(client);
  // Before the mail suite, which resets the seeded shoppers' passwords.
  profileSuite(client);
  mailSuite(client);
}
