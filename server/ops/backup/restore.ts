/**
 * `npm run restore`: unpacks an archive next to the target, checks that it is whole (exactly the manifest's
 * files, each with its SHA-256) and that every row loads (check-rows.ts), and only then moves it into place,
 * so a refused archive leaves nothing behind. The target must be missing or empty: a restore never mixes
 * with, or overwrites, a shop. A PostgreSQL archive restores its dump into DATABASE_URL with pg_restore (the
 * database should be new and empty) and its uploads into the target folder.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { extract } from 'tar';
import { checkRows } from './check-rows';
import type { Manifest } from './manifest';
import { DATABASE_DUMP, MANIFEST_FILE, manifestSchema, sha256File } from './manifest';
import { pgTool } from './pg-tools';

/** A refusal with the reason an operator can act on. */
export class RestoreError extends Error {}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => !e.isDirectory())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

async function readManifest(dir: string): Promise<Manifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8'));
  } catch {
    throw new RestoreError(
      'The archive has no readable manifest.json: it is not a Threadline backup, or is damaged.',
    );
  }
  const r = manifestSchema.safeParse(raw);
  if (!r.success)
    throw new RestoreError(`The archive's manifest is not valid: ${r.error.issues[0]?.message}`);
  return r.data;
}

async function verify(dir: string, manifest: Manifest): Promise<void> {
  const present = new Set((await listFiles(dir)).filter((p) => p !== MANIFEST_FILE));
  const listed = new Set(manifest.files.map((f) => f.path));
  const missing = [...listed].filter((p) => !present.has(p));
  const extra = [...present].filter((p) => !listed.has(p));
  if (missing.length)
    throw new RestoreError(`The archive is incomplete: ${missing.slice(0, 5).join(', ')} missing.`);
  if (extra.length)
    throw new RestoreError(
      `The archive holds files its manifest does not list: ${extra.slice(0, 5).join(', ')}.`,
    );
  for (const f of manifest.files) {
    const got = await sha256File(join(dir, f.path));
    if (got.sha256 !== f.sha256 || got.bytes !== f.bytes)
      throw new RestoreError(`The archive is damaged: ${f.path} does not match its SHA-256 sum.`);
  }
}

async function emptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw e;
  }
}

export interface RestoreOptions {
  /** For a PostgreSQL archive: the (empty) database to restore into. */
  databaseUrl?: string;
}

export async function restoreArchive(
  file: string,
  target: string,
  options: RestoreOptions = {},
): Promise<Manifest> {
  const to = resolve(target);
  if (!(await emptyOrMissing(to)))
    throw new RestoreError(
      `${to} is not empty: restore into a new folder (a restore never overwrites a shop).`,
    );
  await mkdir(dirname(to), { recursive: true });
  const work = await mkdtemp(join(dirname(to), '.restore-'));
  try {
    try {
      await extract({ file, cwd: work, strict: true });
    } catch (e) {
      throw new RestoreError(
        `The archive is damaged or not a gzipped tar: ${e instanceof Error ? e.message : e}`,
      );
    }
    const manifest = await readManifest(work);
    await verify(work, manifest);
    if (manifest.kind === 'lowdb') {
      const problems = await checkRows(
        work,
        manifest.files.map((f) => f.path),
      );
      if (problems.length)
        throw new RestoreError(
          `The archive holds rows the store would not load:\n  ${problems.join('\n  ')}`,
        );
    } else {
      if (!options.databaseUrl)
        throw new RestoreError(
          'This is a PostgreSQL backup: set DATABASE_URL to the (new, empty) database to restore into.',
        );
      try {
        await promisify(execFile)(pgTool('pg_restore'), [
          '--no-owner',
          '--exit-on-error',
          '--dbname',
          options.databaseUrl,
          join(work, DATABASE_DUMP),
        ]);
      } catch (e) {
        throw new RestoreError(
          `pg_restore failed: ${(e as { stderr?: string }).stderr?.trim() || (e as Error).message}`,
        );
      }
      await rm(join(work, DATABASE_DUMP));
    }
    await rm(join(work, MANIFEST_FILE));
    await mkdir(to, { recursive: true });
    for (const name of await readdir(work)) await rename(join(work, name), join(to, name));
    await rmdir(work);
    return manifest;
  } catch (e) {
    await rm(work, { recursive: true, force: true });
    throw e;
  }
}
