import { afterAll, beforeAll } from 'vitest';
import { runContractSuite } from '#server/contract-suite/suite';
import type { TestServer } from '#server/test/test-server';
import { startTestServer, TEST_ADMIN } from '#server/test/test-server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

runContractSuite(() => ({ baseUrl: srv.baseUrl, admin: TEST_ADMIN }));
