import { afterAll, beforeAll } from 'vitest';
import { runContractSuite } from '../contract-suite/suite';
import type { TestServer } from './test-server';
import { startTestServer, TEST_ADMIN } from './test-server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

runContractSuite(() => ({ baseUrl: srv.baseUrl, admin: TEST_ADMIN }));
