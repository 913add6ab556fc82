/**
 * The only side-effectful entry: env -> stores -> createApp -> listen, and a graceful stop on
 * SIGTERM/SIGINT (in-flight requests, and so their file writes, finish before the process exits).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openBackend } from './boot';
import { parseEnv } from './config';
import { createApp } from './http/app';
import { createLimitedServer } from './http/server-settings';
import { DataDirLockedError } from './store/data-dir-lock';
import { CorruptDataFileError } from './store/lowdb-durable-file';
import { storeConfigSchema } from '#contract/schemas/store-config';
import { createLogger } from './ops/logger';
import { createMetrics } from './ops/metrics';
import { createOpsServer } from './ops/ops-server';
import { createReadiness } from './ops/readiness';
import { mailSetup } from './mail/mail-config';
import { mailOutboxCheck, startMail } from './mail/start-mail';
import { pageSourceOf } from './http/pages/page-source';

const storeConfig = storeConfigSchema.parse(
  JSON.parse(readFileSync(new URL('../fixtures/store.json', import.meta.url), 'utf8')),
);

async function main(): Promise<void> {
  const env = parseEnv(process.env);
  const logger = createLogger({ level: env.LOG_LEVEL, pretty: env.LOG_FORMAT === 'pretty' });
  const dataDir = resolve(env.DATA_DIR);
  const mail = mailSetup(process.env, storeConfig, env.PORT);
  const backend = await openBackend({
    dataDir,
    databaseUrl: env.DATABASE_URL,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    rateLimits: env.RATE_LIMITS,
    currency: env.STORE_CURRENCY ?? storeConfig.currency,
    log: (line) => logger.info(line),
    // The activity retention runs hourly inside the backend (store/activity-sweep.ts) and stops with it.
    logError: (err, line) => logger.error({ err }, line),
    minFreeBytes: env.READY_MIN_FREE_MB * 1024 * 1024,
    activityRetentionDays: env.ACTIVITY_RETENTION_DAYS,
    mail: mail.settings,
    // The generator (faker, the whole catalogue) and the image renderer load only when used: boot asks for
    // the store only to seed an empty catalogue, the images are checked after listen, and one picture is
    // rendered on request only when it is asked for before that run has written it.
    demo: env.SEED_DEMO
      ? {
          store: async () => (await import('#fixtures/generate')).generateDemoStore(),
          writeImages: async (dir: string) => {
            const { writeDemoImages } = await import('#fixtures/demo-images-node');
            await writeDemoImages(dir);
          },
          pictures: {
            has: async (name: string) => (await import('#fixtures/demo-images-node')).isDemoImageName(name),
            render: async (name: string) =>
              (await import('#fixtures/demo-images-node')).renderDemoImageOnRequest(name),
          },
        }
      : undefined,
  });
  const metrics = createMetrics();
  if (backend.poolUse) metrics.watchPool(backend.poolUse);
  const outbox = backend.core.deps.stores.mail;
  if (outbox)
    metrics.watchMailOutbox(
      () => outbox.all().filter((m) => m.state === 'queued' || m.state === 'sending').length,
    );
  // After boot, outside every request: it delivers committed mails only.
  const sender = startMail(backend, mail, { onOutcome: (result) => metrics.mailSent(result), logger });
  const readiness = createReadiness(sender ? [...backend.checks, mailOutboxCheck(sender)] : backend.checks);
  // `npm run dev`: Vite in middleware mode, in front of the app (http/pages/vite-dev.ts); loaded in dev only.
  const dev = env.DEV_SERVER ? (await import('./http/pages/vite-dev')).createViteDev() : undefined;
  const app = createApp({
    api: backend.api,
    uploadsDir: backend.uploadsDir,
    distDir: resolve(env.DIST_DIR),
    trustProxy: env.TRUST_PROXY,
    demoPictures: backend.demoPictures,
    logger,
    metrics,
    readiness,
    metricsToken: env.METRICS_TOKEN,
    // Links in the pages' heads, the sitemap and robots.txt start with PUBLIC_URL, never the Host header.
    pages: {
      source: pageSourceOf(backend.core),
      site: {
        publicUrl: mail.publicUrl,
        store: storeConfig,
        currency: env.STORE_CURRENCY ?? storeConfig.currency,
      },
      onRenderError: (err, url) =>
        logger.error({ err, url }, 'server rendering failed; sent client-rendered'),
      ...dev?.pages,
    },
    dev,
  });
  const server = createLimitedServer(dev ? dev.handler(app.callback()) : app.callback(), {
    maxConnections: env.MAX_CONNECTIONS,
  });
  await dev?.start(server);
  const ops = env.METRICS_PORT
    ? createOpsServer({ metrics, token: env.METRICS_TOKEN, backup: backend.backup, logger })
        .on('error', (e) => logger.error({ err: e }, 'the metrics port could not open'))
        .listen(env.METRICS_PORT, env.METRICS_HOST, () =>
          logger.info(`Metrics on http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics`),
        )
    : undefined;
  server.listen(env.PORT, env.HOST, () => {
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : env.PORT;
    logger.info(
      `Threadline listening on http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port} (data in ${env.DATABASE_URL ? `PostgreSQL, uploads in ${dataDir}` : dataDir})`,
    );
    for (const line of mail.notices) logger.info(line);
    backend.demoImages?.().then(
      () => logger.info('Demo images are ready.'),
      (err: unknown) => logger.error({ err }, 'Could not write the demo images'),
    );
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readiness fails first, so load balancers stop sending before the port closes.
    readiness.stop();
    ops?.close();
    void dev?.close();
    logger.info(`${signal}: finishing in-flight requests, then stopping.`);
    // The data folder is released only once the last in-flight write has landed.
    server.close(
      () =>
        void (sender?.stop() ?? Promise.resolve()).then(() => backend.close()).finally(() => process.exit(0)),
    );
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof CorruptDataFileError || err instanceof DataDirLockedError) console.error(err.message);
  else console.error('Threadline could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
