/**
 * The stores' readiness checks: the data folder takes a durable write and has room left; PostgreSQL answers.
 * The folder probe writes, fsyncs and removes a small file, the way the store writes, and goes through the
 * store's own `beforeWrite` hook, so a disk the store cannot write to (full, read-only, failing; or a test's
 * injected fault) fails readiness exactly as it fails an order.
 */
import { open, rm, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import type { BeforeWrite } from '#server/store/lowdb-durable-file';
import type { ReadinessCheck } from './readiness';

export const PROBE_FILE = '.ready-probe';
/** Below this, an order could fail half-way through a compaction: stop taking new ones first. */
export const DEFAULT_MIN_FREE_BYTES = 64 * 1024 * 1024;

export function dataFolderCheck(
  dir: string,
  {
    minFreeBytes = DEFAULT_MIN_FREE_BYTES,
    beforeWrite,
  }: { minFreeBytes?: number; beforeWrite?: BeforeWrite } = {},
): ReadinessCheck {
  return {
    name: 'data folder',
    async check() {
      const file = join(dir, PROBE_FILE);
      try {
        await beforeWrite?.(file);
        const fh = await open(file, 'w', 0o600);
        try {
          await fh.write('ready?');
          await fh.sync();
        } finally {
          await fh.close();
        }
        await rm(file, { force: true });
      } catch (e) {
        return `data folder: cannot write (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
      }
      const s = await statfs(dir);
      const free = s.bavail * s.bsize;
      if (free < minFreeBytes)
        return `data folder: ${Math.floor(free / 1048576)} MB free, below the ${Math.floor(minFreeBytes / 1048576)} MB minimum`;
      return null;
    },
  };
}

/** `SELECT 1` (bounded by the readiness time limit). */
export function databaseCheck(query: () => Promise<unknown>): ReadinessCheck {
  return {
    name: 'database',
    async check() {
      try {
        await query();
        return null;
      } catch (e) {
        return `database: ${e instanceof Error ? e.message : String(e)}`;
      }
    },
  };
}
