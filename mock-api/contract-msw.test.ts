import { afterAll, beforeAll } from 'vitest';
import { runContractSuite } from '#tests/contract/suite';
import { TINY_SHOPPER, TINY_SHOPPER_2, tinyDemoStore } from '#server/test/tiny-seed';
import { MOCK_ADMIN, resetMockStore } from './mock-store';
import { server } from './node';

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await resetMockStore(tinyDemoStore());
});
afterAll(() => server.close());

runContractSuite(() => ({
  baseUrl: 'http://localhost',
  admin: MOCK_ADMIN,
  shoppers: [TINY_SHOPPER, TINY_SHOPPER_2],
}));
