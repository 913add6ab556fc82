import { afterAll, beforeAll } from 'vitest';
import { runContractSuite } from '../contract-suite/suite';
import type { TestServer } from '../test/test-server';
import { startTestServer, TEST_ADMIN } from '../test/test-server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

runContractSuite(() => ({ baseUrl: srv.baseUrl, admin: TEST_ADMIN }));
