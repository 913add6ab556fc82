/**
 * Vitest global setup of the `node-pg` project (vitest.config.ts): one throwaway PostgreSQL cluster for
 * the run. The suites of that project are the Koa suites of the `node` project, run again with every
 * test server on a fresh database of this cluster (startTestServer reads `pgAdminUrl`).
 */
import type { TestProject } from 'vitest/node';
import { startPgCluster } from './pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPgCluster();
  project.provide('pgAdminUrl', cluster.adminUrl);
  return () => cluster.stop();
}
