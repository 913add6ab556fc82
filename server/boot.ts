/**
 * Opening the real backend: lowdb stores in DATA_DIR, the core, the first admin and the demo
 * catalogue. Kept apart from index.ts so tests can boot the same thing on a temp folder.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Parser as CsvParser } from 'csv-parse';
import { parse as parseCsv } from 'csv-parse/sync';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import type { Api } from './core/api/handle';
import { createApi } from './core/api/handle';
import type { Core } from './core/core';
import { createCore } from './core/core';
import type { MailSettings } from './core/ports';
import type { PasswordHasher, Stores } from './core/ports';
import type { DemoStore } from './core/seed';
import { seedDemoStore } from './core/seed';
import { createCountriesDataset } from './store/countries-dataset';
import { createCsvCodec } from './store/csv-codec';
import type { DemoPictures, DemoPictureSource } from './store/demo-pictures';
import { createDemoPictures } from './store/demo-pictures';
import { createFsImageStorage } from './store/fs-image-storage';
import { createHtmlSanitizer } from './store/html-sanitizer';
import { lockDataDir } from './store/data-dir-lock';
import type { LowdbStoreOptions } from './store/lowdb-store';
import { openLowdbStores } from './store/lowdb-store';
import { openPgStores } from './store/pg-store';
import { sweepActivity } from './store/activity-sweep';
import type { ScryptCost } from './store/scrypt-hasher';
import { createScryptHasher } from './store/scrypt-hasher';
import { systemClock } from './store/system-clock';
import { createWebTokenService } from './store/web-tokens';
import type { StagedBackup } from './ops/backup/take-backup';
import { stageLowdbBackup } from './ops/backup/take-backup';
import type { PoolUse } from './ops/metrics';
import type { ReadinessCheck } from './ops/readiness';
import { dataFolderCheck, databaseCheck } from './ops/store-checks';

export const DEFAULT_ADMIN_EMAIL = 'admin@threadline.local';

export interface BootOptions extends LowdbStoreOptions {
  dataDir: string;
  /**
   * postgres://… selects the PostgreSQL store (issue 16; several instances may share it, and DATA_DIR then
   * only holds the uploads, shared between them). Without it, the lowdb files in DATA_DIR, locked to this
   * process.
   */
  databaseUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  /**
   * The demo store to load into an empty catalogue, a writer for its images (uploads/demo) and a renderer of
   * one of them, for a request that comes before the writer got to it. `store` is called only when the
   * catalogue is empty, so index.ts can import the generator (and faker) lazily there.
   */
  demo?: {
    store: () => DemoStore | Promise<DemoStore>;
    writeImages?: (dir: string) => Promise<unknown>;
    pictures?: DemoPictureSource;
  };
  log?: (line: string) => void;
  /** Where a failure outside any request goes (the hourly activity retention's); default: stderr. */
  logError?: (err: unknown, line: string) => void;
  /** false lifts the request budgets (`RATE_LIMITS=off`, load tests); every other protection stays. */
  rateLimits?: boolean;
  /** The store currency, for messages such as the order total limit. */
  currency?: string;
  /** scrypt settings for new hashes; tests pass a cheap one, production keeps SCRYPT_COST. */
  hasherCost?: ScryptCost;
  /** /api/ready fails below this much free space in the data folder (READY_MIN_FREE_MB). */
  minFreeBytes?: number;
  /** What mails are built with (issue 26, server/mail/mail-config.ts); without it no mail is queued. */
  mail?: MailSettings;
}

export interface Backend {
  core: Core;
  api: Api;
  uploadsDir: string;
  /**
   * Renders the demo images (seconds to a minute on a small machine). index.ts runs it after listen:
   * the API answers at once and the pictures fill in as they are written.
   */
  demoImages?: () => Promise<unknown>;
  /** In a demo shop: its pictures, rendered on first request until demoImages has written them (for createApp). */
  demoPictures?: DemoPictures;
  /** Releases DATA_DIR (see store/data-dir-lock.ts) so another server, or a reopen in tests, may take it. */
  close(): Promise<void>;
  /** What /api/ready asks of the store (server/ops/readiness.ts). */
  checks: ReadinessCheck[];
  /** PostgreSQL: the pool's connections, for the metrics. */
  poolUse?: () => PoolUse;
  /** lowdb: a consistent backup of the running shop (server/ops/backup/take-backup.ts). */
  backup?: () => Promise<StagedBackup>;
  /**
   * Drops the activity entries past ACTIVITY_RETENTION_DAYS (lowdb: from the archive file; PostgreSQL: the
   * activity table's rows); how many went.
   */
  compactActivity?: () => Promise<number>;
}

/** The hourly activity retention while the shop runs (store/activity-sweep.ts); returns its stop. */
function startRetention(opts: BootOptions, compact: () => Promise<number>): () => void {
  const days = opts.activityRetentionDays;
  if (!days) return () => undefined;
  return sweepActivity(compact, {
    days,
    log: opts.log ?? console.log,
    logError: opts.logError ?? ((err, line) => console.error(line, err)),
  });
}

/** Claims DATA_DIR for this process before any data file is opened; a second server stops here. */
export async function openBackend(opts: BootOptions): Promise<Backend> {
  if (opts.databaseUrl) {
    // Several instances share the database and the uploads folder: no folder lock.
    const stores = await openPgStores(opts.databaseUrl, {
      log: opts.log ?? console.log,
      activityRetentionDays: opts.activityRetentionDays,
    });
    try {
      const backend = await openBackendOn(stores, opts, stores.exclusive);
      const { pool } = stores;
      const stopRetention = startRetention(opts, () => stores.compactActivity());
      return {
        ...backend,
        close: () => {
          stopRetention();
          return stores.close();
        },
        checks: [
          databaseCheck(() => pool.query('SELECT 1')),
          dataFolderCheck(opts.dataDir, { minFreeBytes: opts.minFreeBytes }),
        ],
        poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
        compactActivity: () => stores.compactActivity(),
      };
    } catch (e) {
      await stores.close();
      throw e;
    }
  }
  const lock = lockDataDir(opts.dataDir);
  try {
    const stores = await openLowdbStores(opts.dataDir, {
      beforeWrite: opts.beforeWrite,
      activityRetentionDays: opts.activityRetentionDays,
    });
    const backend = await openBackendOn(stores, opts);
    const stopRetention = startRetention(opts, () => stores.compactActivity());
    return {
      ...backend,
      close: async () => {
        stopRetention();
        lock.release();
      },
      checks: [
        dataFolderCheck(opts.dataDir, { minFreeBytes: opts.minFreeBytes, beforeWrite: opts.beforeWrite }),
      ],
      backup: () => stageLowdbBackup(stores, opts.dataDir),
      compactActivity: () => stores.compactActivity(),
    };
  } catch (e) {
    lock.release();
    throw e;
  }
}

/** Runs the start's one-time steps (first admin, demo) alone: instances sharing a database take turns. */
type Exclusive = <T>(fn: () => Promise<T>) => Promise<T>;

async function openBackendOn(
  stores: Stores,
  opts: BootOptions,
  exclusive: Exclusive = (fn) => fn(),
): Promise<Omit<Backend, 'close' | 'checks'>> {
  const log = opts.log ?? console.log;
  const uploadsDir = join(opts.dataDir, 'uploads');
  const hasher = createScryptHasher(opts.hasherCost);
  const core = createCore({
    stores,
    hasher,
    tokens: createWebTokenService(),
    images: await createFsImageStorage(uploadsDir),
    sanitizer: createHtmlSanitizer(),
    clock: systemClock,
    countries: createCountriesDataset(),
    // Node's own build of the CSV library: it parses about three times faster than the browser one.
    csv: createCsvCodec({ parse: parseCsv, Parser: CsvParser, stringify: stringifyCsv }),
    currency: opts.currency,
    mail: opts.mail,
  });

  const seeded = await exclusive(async () => {
    await firstAdmin(core, opts, log);
    return opts.demo ? seedDemo(stores, hasher, opts.demo.store, log) : false;
  });

  let demoImages: (() => Promise<unknown>) | undefined;
  let demoPictures: DemoPictures | undefined;
  if (opts.demo) {
    const demoDir = join(uploadsDir, 'demo');
    const { writeImages, pictures } = opts.demo;
    // Also on later starts of a demo store, so images lost to an interrupted first start come back. A shop that
    // never was a demo renders no demo picture, on request or otherwise.
    const isDemoShop = seeded || existsSync(demoDir);
    if (writeImages && isDemoShop) demoImages = () => writeImages(demoDir);
    if (pictures && isDemoShop) demoPictures = createDemoPictures(uploadsDir, pictures);
  }
  // Build the catalogue indexes now rather than on the first shopper's request (a second at 100k products),
  // count the units the orders hold (one pass over the orders), and deliver the back-in-stock
  // notifications a crash or a stop left waiting.
  core.catalog.all();
  core.stock.warm();
  await core.stockAlerts.sweep();
  return {
    core,
    api: createApi(core, { rateLimits: opts.rateLimits }),
    uploadsDir,
    demoImages,
    demoPictures,
  };
}

/** The first administrator, on the first start only (ADMIN_EMAIL, ADMIN_PASSWORD or a printed random one). */
async function firstAdmin(core: Core, opts: BootOptions, log: (line: string) => void): Promise<void> {
  if (core.auth.hasAdmin()) return;
  const email = opts.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const password = opts.adminPassword ?? randomBytes(12).toString('base64url');
  await core.auth.createUser({ name: 'Store Admin', email, phone: '', password, isAdmin: true });
  if (opts.adminPassword) log(`Created the admin account ${email} (password from ADMIN_PASSWORD).`);
  else
    log(
      `Created the admin account.\n  e-mail:   ${email}\n  password: ${password}\nThis password is shown only once: note it now.`,
    );
}

/**
 * Loads the demo into an empty catalogue. The emptiness test (seedDemoStore's own rule) comes first, so a
 * store in use never asks for the demo: generating it pulls in faker and builds the whole catalogue.
 */
async function seedDemo(
  stores: Stores,
  hasher: PasswordHasher,
  demoStore: () => DemoStore | Promise<DemoStore>,
  log: (line: string) => void,
): Promise<boolean> {
  if (stores.categories.all().length || stores.products.all().length) return false;
  const demo = withRandomPasswords(await demoStore());
  const existing = new Set(stores.users.all().map((u) => u.email.toLowerCase()));
  const { seeded } = await seedDemoStore(stores, hasher, demo, systemClock.now());
  if (!seeded) return false;
  log(`Loaded the demo catalogue: ${demo.categories.length} categories, ${demo.products.length} products.`);
  // Only the accounts this seeding created: one whose e-mail was already taken keeps its own password.
  const created = demo.users.filter((u) => !existing.has(u.email.toLowerCase()));
  if (created.length)
    log(
      `Demo shopper accounts (shown only once):\n${created.map((u) => `  ${u.email}  password: ${u.password}`).join('\n')}`,
    );
  return true;
}

/**
 * The fixture's shopper passwords are published (README, fixtures/README.md, the MSW demo), so on a real
 * server, reachable by anyone, each demo account gets a random one instead.
 */
function withRandomPasswords(demo: DemoStore): DemoStore {
  return {
    ...demo,
    users: demo.users.map((u) => ({ ...u, password: randomBytes(12).toString('base64url') })),
  };
}
