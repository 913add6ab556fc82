/** Test helper: the real backend and Koa app on a temporary DATA_DIR, listening on a free port. */
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { Backend, BootOptions } from '#server/boot';
import { openBackend } from '#server/boot';
import { inject } from 'vitest';
import { createDatabase } from './pg-cluster';
import { tinyDemoStore } from './tiny-seed';
import { createApp } from '#server/http/app';
import type { ServerLimits } from '#server/http/server-settings';
import { createLimitedServer } from '#server/http/server-settings';
import { testMailSettings } from './mail-kit';

export const TEST_ADMIN = { email: 'admin@threadline.test', password: 'admin-secret-1' };
/** A cheap scrypt (about 2 ms a hash) so suites that register many shoppers stay fast. */
export const TEST_HASHER_COST = { N: 1024, r: 8, p: 1 };

export interface TestServer {
  baseUrl: string;
  dataDir: string;
  /** Set when the server runs on PostgreSQL (the node-pg project). */
  databaseUrl?: string;
  backend: Backend;
  close(): Promise<void>;
}

/** The real backend with the test admin, the tiny seed, a cheap hasher and no boot lines. */
export function openTestBackend(opts: Partial<BootOptions> & { dataDir: string }): Promise<Backend> {
  return openBackend({
    adminEmail: TEST_ADMIN.email,
    adminPassword: TEST_ADMIN.password,
    demo: { store: tinyDemoStore },
    log: () => undefined,
    hasherCost: TEST_HASHER_COST,
    // Mails are kept in the mailbox unless a test passes its own settings (issue 26).
    mail: testMailSettings(),
    ...opts,
  });
}

export async function startTestServer(
  opts: Partial<BootOptions> & { distDir?: string; limits?: Partial<ServerLimits> } = {},
): Promise<TestServer> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'threadline-test-')));
  // The node-pg project (vitest.config.ts) runs the same suites with each server on a fresh database.
  const pgAdminUrl = inject('pgAdminUrl');
  const databaseUrl =
    opts.databaseUrl ?? (pgAdminUrl && !opts.dataDir ? await createDatabase(pgAdminUrl) : undefined);
  const backend = await openTestBackend({ databaseUrl, ...opts, dataDir });
  const app = createApp({
    api: backend.api,
    uploadsDir: backend.uploadsDir,
    distDir: opts.distDir ?? join(dataDir, 'no-dist'),
    log: () => undefined,
    demoPictures: backend.demoPictures,
  });
  // The production limits (server-settings.ts), so tests meet the same timeouts and connection cap.
  const server: Server = createLimitedServer(app.callback(), opts.limits);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    databaseUrl,
    backend,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await backend.close();
      if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
