/**
 * `npm run backup -- --to FILE` (or `--to DIR --every 6h --keep 14` for a rotating set): one archive of the
 * shop (server/ops/backup/). A lowdb shop that is running is asked for its snapshot on its operator's port
 * (METRICS_PORT, loopback), because only the process holding the data folder can see every table at one
 * moment; a stopped one is opened here under the folder's lock. With DATABASE_URL, pg_dump and the uploads.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { stagePgBackup, stageLowdbBackup } from '#server/ops/backup/take-backup';
import type { StagedBackup } from '#server/ops/backup/take-backup';
import { DataDirLockedError, lockDataDir } from '#server/store/data-dir-lock';
import { openLowdbStores } from '#server/store/lowdb-store';

const { values } = parseArgs({
  options: {
    to: { type: 'string' },
    every: { type: 'string' },
    keep: { type: 'string', default: '14' },
    from: { type: 'string' },
  },
});

const dataDir = resolve(process.env.DATA_DIR ?? './data');
const databaseUrl = process.env.DATABASE_URL || undefined;
const NAME = /^threadline-\d{8}T\d{6}Z\.tar\.gz$/;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function interval(text: string): number {
  const m = /^(\d+)(m|h|d)$/.exec(text);
  if (!m) fail(`--every takes minutes, hours or days, e.g. 30m, 6h, 1d (got ${text})`);
  return Number(m[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 'm' | 'h' | 'd'];
}

async function save(staged: StagedBackup, file: string): Promise<void> {
  try {
    await pipeline(staged.pack(), createWriteStream(file, { mode: 0o600 }));
  } finally {
    await staged.cleanup();
  }
}

/** Writes the archive to `file` (through a temp name, so a cut-short backup never looks complete). */
async function backupTo(file: string): Promise<void> {
  const tmp = `${file}.partial`;
  try {
    if (databaseUrl) await save(await stagePgBackup(databaseUrl, dataDir), tmp);
    else await lowdbBackup(tmp);
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
  console.log(`Backup written to ${file}`);
}

async function lowdbBackup(file: string): Promise<void> {
  let lock;
  try {
    lock = lockDataDir(dataDir);
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    return fromServer(file);
  }
  try {
    const stores = await openLowdbStores(dataDir);
    await save(await stageLowdbBackup(stores, dataDir), file);
  } finally {
    lock.release();
  }
}

/** The running server's snapshot, from its operator's port. */
async function fromServer(file: string): Promise<void> {
  const port = process.env.METRICS_PORT;
  const base = values.from ?? (port && port !== '0' ? `http://127.0.0.1:${port}` : undefined);
  if (!base)
    fail(
      `A server is running on ${dataDir}: set METRICS_PORT (as the server has it) or --from http://127.0.0.1:PORT, so the backup can ask it for a consistent snapshot.`,
    );
  const token = process.env.METRICS_TOKEN;
  const res = await fetch(`${base}/backup`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  if (!res.ok || !res.body) fail(`The server refused the backup (${res.status}): ${await res.text()}`);
  await pipeline(Readable.fromWeb(res.body), createWriteStream(file, { mode: 0o600 }));
}

async function rotate(dir: string, keep: number): Promise<void> {
  const names = (await readdir(dir)).filter((n) => NAME.test(n)).sort();
  for (const n of names.slice(0, Math.max(0, names.length - keep))) await rm(join(dir, n));
}

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

async function main(): Promise<void> {
  if (!values.to) fail('Usage: npm run backup -- --to FILE   or   --to DIR --every 6h --keep 14');
  const to = resolve(values.to);
  if (!values.every) return backupTo(to);
  const every = interval(values.every);
  const keep = Number(values.keep);
  if (!Number.isInteger(keep) || keep < 1) fail('--keep takes a whole number of archives, 1 or more');
  await mkdir(to, { recursive: true });
  for (;;) {
    try {
      await backupTo(join(to, `threadline-${stamp()}.tar.gz`));
      await rotate(to, keep);
    } catch (e) {
      // A failed round is reported and the next one tried: the set keeps its older archives.
      console.error('Backup failed:', e instanceof Error ? e.message : e);
    }
    await new Promise((r) => setTimeout(r, every));
  }
}

main().catch((e: unknown) => fail(`Backup failed: ${e instanceof Error ? e.message : String(e)}`));
