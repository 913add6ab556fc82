/**
 * Test kit: a throwaway PostgreSQL cluster (pg-cluster.ts) for one test file, started before its tests and
 * stopped after them, once `cleanUp` (closing what the tests opened on it) has run.
 */
import { afterAll, beforeAll } from 'vitest';
import type { PgStoreOptions, PgStores } from '#server/store/pg-store';
import { openPgStores } from '#server/store/pg-store';
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

/**
 * A cluster and a way to open PostgreSQL stores on it: every store opened is closed (again, harmlessly, if the
 * test closed it) before the cluster stops.
 */
export function usePgStores(): Pick<PgCluster, 'createDatabase'> & {
  openStores(url: string, options?: PgStoreOptions): Promise<PgStores>;
} {
  const open: PgStores[] = [];
  const cluster = usePgCluster(async () => {
    for (const s of open) await s.close().catch(() => undefined);
  });
  return {
    createDatabase: cluster.createDatabase,
    async openStores(url, options) {
      const s = await openPgStores(url, options);
      open.push(s);
      return s;
    },
  };
}
