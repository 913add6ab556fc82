/**
 * Test kit: a throwaway PostgreSQL cluster (pg-cluster.ts) for one test file, started before its tests and
 * stopped after them, once `cleanUp` (closing what the tests opened on it) has run.
 */
import { afterAll, beforeAll } from 'vitest';
import type { PgCluster } from './pg-cluster';
import { startPgCluster } from './pg-cluster';

export function usePgCluster(cleanUp: () => Promise<void>): Pick<PgCluster, 'createDatabase'> {
  let cluster: PgCluster | undefined;
  beforeAll(async () => {
    cluster = await startPgCluster();
  }, 60_000);
  afterAll(async () => {
    await cleanUp();
    await cluster?.stop();
  });
  return { createDatabase: (name) => cluster!.createDatabase(name) };
}
