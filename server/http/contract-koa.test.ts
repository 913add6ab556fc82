import { afterAll, beforeAll } from 'vitest';
import { runContractSuite } from '#tests/contract/suite';
import type { TestServer } from '#server/test/test-server';
import { startTestServer, TEST_ADMIN } from '#server/test/test-server';

// The server gives seeded demo accounts random passwords, so the suite's two shoppers are made here.
const SHOPPERS = [
  { email: 'suite-one@threadline.test', password: 'suite-pass-1' },
  { email: 'suite-two@threadline.test', password: 'suite-pass-2' },
];

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
  for (const [i, s] of SHOPPERS.entries())
    await srv.backend.core.auth.createUser({
      name: `Suite Shopper ${i + 1}`,
      phone: '',
      isAdmin: false,
      ...s,
    });
});
afterAll(() => srv.close());

runContractSuite(() => ({ baseUrl: srv.baseUrl, admin: TEST_ADMIN, shoppers: SHOPPERS }));
