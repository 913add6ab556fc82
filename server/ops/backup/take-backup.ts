/**
 * Taking a backup: the shop's state is written into a staging folder inside DATA_DIR (so the uploads can be
 * hard-linked rather than copied), summed into the manifest, then packed as one gzipped tar.
 *
 * Consistency (lowdb): the snapshot is taken by the process that owns the data folder, from its tables'
 * committed rows, in one synchronous step (lowdb-store.ts `snapshot()`): no batch can land between two tables,
 * and a row is committed only once its write has landed, just before its caller is answered. So the archive
 * holds every order acknowledged before the backup began, and no half-written row, without stopping orders
 * (they go on landing while the files are written). Copying the files instead would race the journals' appends
 * and compactions and the shard rewrites; taking the writers' turn instead would stop orders for the length of
 * the copy. Uploads are immutable content-hash names, so linking them a moment later adds at most images no
 * row refers to yet.
 *
 * PostgreSQL: pg_dump takes its own consistent snapshot (one repeatable-read transaction), in its custom
 * format, beside the uploads.
 */
import { execFile } from 'node:child_process';
import { copyFile, link, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { create as createTar } from 'tar';
import type { LowdbStores } from '#server/store/lowdb-store';
import type { Manifest } from './manifest';
import { DATABASE_DUMP, MANIFEST_FILE, sha256File } from './manifest';
import { writeSnapshotFolder } from './snapshot-folder';
import { pgTool } from './pg-tools';

export const STAGING_PREFIX = '.backup-';
export const UPLOADS = 'uploads';

export interface StagedBackup {
  dir: string;
  manifest: Manifest;
  /** The archive, made as it is read. */
  pack(): Readable;
  cleanup(): Promise<void>;
}

/** Every file under dir, relative, skipping the temp files of writes in flight (leading dot). */
async function filesUnder(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

async function linkUploads(dataDir: string, staging: string): Promise<string[]> {
  const paths: string[] = [];
  for (const rel of await filesUnder(join(dataDir, UPLOADS))) {
    const to = join(staging, UPLOADS, rel);
    await mkdir(dirname(to), { recursive: true });
    try {
      await link(join(dataDir, UPLOADS, rel), to);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // removed since the listing
      await copyFile(join(dataDir, UPLOADS, rel), to);
    }
    paths.push(`${UPLOADS}/${rel.split('\\').join('/')}`);
  }
  return paths;
}

async function finish(
  dir: string,
  kind: Manifest['kind'],
  paths: string[],
  rows?: Record<string, number>,
): Promise<StagedBackup> {
  const files: Manifest['files'] = [];
  // One file at a time: summing is disk-bound, and the shop keeps the rest of the disk.
  for (const path of paths) files.push({ path, ...(await sha256File(join(dir, path))) });
  const manifest: Manifest = {
    format: 'threadline-backup',
    version: 1,
    kind,
    takenAt: new Date().toISOString(),
    ...(rows ? { rows } : {}),
    files,
  };
  await writeFile(join(dir, MANIFEST_FILE), JSON.stringify(manifest, null, 1), { mode: 0o600 });
  return {
    dir,
    manifest,
    pack: () =>
      createTar({ gzip: true, cwd: dir, portable: true, noDirRecurse: true }, [
        MANIFEST_FILE,
        ...paths,
      ]) as unknown as Readable,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Removes staging folders a crash left behind (each is only ever used by the backup that made it). */
export async function dropStaleStaging(dataDir: string): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  for (const n of names.filter((x) => x.startsWith(STAGING_PREFIX)))
    await rm(join(dataDir, n), { recursive: true, force: true });
}

export async function stageLowdbBackup(stores: LowdbStores, dataDir: string): Promise<StagedBackup> {
  // The moment of the backup: everything after this line works from it.
  const snapshot = stores.snapshot();
  const dir = await mkdtemp(join(dataDir, STAGING_PREFIX));
  try {
    const paths = await writeSnapshotFolder(snapshot, dir);
    paths.push(...(await linkUploads(dataDir, dir)));
    const rows = Object.fromEntries(snapshot.collections.map((c) => [c.file, c.state.rows.length]));
    return await finish(dir, 'lowdb', paths, {
      ...rows,
      orders: snapshot.orders.rows.length,
      activity: snapshot.activity.length,
    });
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
}

export async function stagePgBackup(databaseUrl: string, dataDir: string): Promise<StagedBackup> {
  await mkdir(dataDir, { recursive: true });
  const dir = await mkdtemp(join(dataDir, STAGING_PREFIX));
  try {
    await promisify(execFile)(pgTool('pg_dump'), [
      '--format=custom',
      '--no-owner',
      '--file',
      join(dir, DATABASE_DUMP),
      databaseUrl,
    ]);
    const paths = [DATABASE_DUMP, ...(await linkUploads(dataDir, dir))];
    return await finish(dir, 'postgres', paths);
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
}
