/**
 * Test kit (issue 30): the real backend and Koa app as server/index.ts wires them for operating — request
 * log into a captured buffer, metrics, readiness, and optionally the operator's port — on a temporary
 * DATA_DIR (or a given database), with the tiny seed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Backend, BootOptions } from '#server/boot';
import { createApp } from '#server/http/app';
import { createLimitedServer } from '#server/http/server-settings';
import { createLogger } from '#server/ops/logger';
import type { Metrics } from '#server/ops/metrics';
import { createMetrics } from '#server/ops/metrics';
import { createOpsServer } from '#server/ops/ops-server';
import type { Readiness } from '#server/ops/readiness';
import { createReadiness } from '#server/ops/readiness';
import type { MailSender, MailTransport } from '#server/mail/sender';
import { startMailSender } from '#server/mail/sender';
import { mailOutboxCheck } from '#server/mail/start-mail';
import { createClient } from '#tests/contract/client';
import { openTestBackend, TEST_ADMIN } from './test-server';

const listen = async (server: Server, port = 0): Promise<number> => {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return (server.address() as AddressInfo).port;
};

/** A JSON-lines log's entries. */
export const jsonLines = (text: string): Record<string, unknown>[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

export interface OpsTestServer {
  baseUrl: string;
  opsUrl?: string;
  dataDir: string;
  databaseUrl?: string;
  backend: Backend;
  metrics: Metrics;
  readiness: Readiness;
  /** With `mailTransport`: the outbox's sender, its check in the readiness list as index.ts puts it. */
  sender?: MailSender;
  client: ReturnType<typeof createClient>;
  /** Requests that went through Koa's middleware (the rest were answered before it: fast-reads.ts). */
  koaCalls(): number;
  /** Everything the request log wrote so far. */
  logText(): string;
  logLines(): Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startOpsTestServer(
  opts: Partial<BootOptions> & {
    metricsToken?: string;
    opsPort?: boolean;
    mailTransport?: MailTransport;
    mailNow?: () => number;
    trustProxy?: boolean;
  } = {},
): Promise<OpsTestServer> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'threadline-ops-')));
  const backend = await openTestBackend({ ...opts, dataDir });
  let out = '';
  const logger = createLogger({ level: 'info', destination: { write: (s: string) => void (out += s) } });
  const metrics = createMetrics({ defaults: false });
  const outbox = backend.core.deps.stores.mail;
  const sender =
    opts.mailTransport && outbox
      ? startMailSender({
          table: outbox,
          transport: opts.mailTransport,
          from: 'hello@threadline.example',
          domain: 'shop.example',
          now: opts.mailNow,
          logger,
        })
      : undefined;
  const readiness = createReadiness(sender ? [...backend.checks, mailOutboxCheck(sender)] : backend.checks);
  const app = createApp({
    api: backend.api,
    uploadsDir: backend.uploadsDir,
    distDir: join(dataDir, 'no-dist'),
    logger,
    metrics,
    readiness,
    metricsToken: opts.metricsToken,
    trustProxy: opts.trustProxy,
  });
  let koaCalls = 0;
  app.middleware.unshift((_ctx, next) => {
    koaCalls++;
    return next();
  });
  const server = createLimitedServer(app.callback());
  const baseUrl = `http://127.0.0.1:${await listen(server)}`;
  const ops = opts.opsPort
    ? createOpsServer({ metrics, token: opts.metricsToken, backup: backend.backup, logger })
    : undefined;
  const opsUrl = ops ? `http://127.0.0.1:${await listen(ops)}` : undefined;
  return {
    baseUrl,
    opsUrl,
    dataDir,
    databaseUrl: opts.databaseUrl,
    backend,
    metrics,
    readiness,
    sender,
    client: createClient(() => ({ baseUrl, admin: TEST_ADMIN })),
    koaCalls: () => koaCalls,
    logText: () => out,
    logLines: () => jsonLines(out),
    async close() {
      server.closeAllConnections();
      ops?.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sender?.stop();
      if (ops) await new Promise<void>((resolve) => ops.close(() => resolve()));
      await backend.close();
      if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
