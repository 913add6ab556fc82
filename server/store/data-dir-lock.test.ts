import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openBackend } from '#server/boot';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'threadline-lock-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const lockFile = () => join(dir, LOCK_FILE);
const owner = () => JSON.parse(readFileSync(lockFile(), 'utf8')) as { pid: number; startedAt: string };

/** The pid of a process that has already exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(r.stdout.trim());
}

it('holds the folder with our pid; a second claim in this process is refused until release', () => {
  const lock = lockDataDir(dir);
  expect(owner().pid).toBe(process.pid);
  expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  expect(() => lockDataDir(dir)).toThrow(/already open in this process/);
  lock.release();
  expect(existsSync(lockFile())).toBe(false);
  lock.release(); // twice is harmless
  lockDataDir(dir).release();
});

it('refuses a folder held by another live process, naming the folder and its pid, and leaves the lock alone', () => {
  // Our parent (the vitest runner) is alive and is not us.
  const held = JSON.stringify({ pid: process.ppid, startedAt: '2025-01-01T00:00:00.000Z', token: 'theirs' });
  writeFileSync(lockFile(), held);
  let err: unknown;
  try {
    lockDataDir(dir);
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(DataDirLockedError);
  expect((err as Error).message).toContain(realpathSync(dir));
  expect((err as Error).message).toContain(`pid ${process.ppid}`);
  expect(readFileSync(lockFile(), 'utf8')).toBe(held);
});

it('takes over a lock left by a dead process (kill -9) and one carrying our own pid from an earlier life', async () => {
  writeFileSync(lockFile(), JSON.stringify({ pid: deadPid(), startedAt: 'then', token: 'gone' }));
  const a = lockDataDir(dir);
  expect(owner().pid).toBe(process.pid);
  a.release();

  writeFileSync(lockFile(), JSON.stringify({ pid: process.pid, startedAt: 'then', token: 'earlier-life' }));
  const b = lockDataDir(dir);
  expect(readFileSync(lockFile(), 'utf8')).not.toContain('earlier-life');
  b.release();
  // No stray files from the take-over.
  expect(await readdir(dir)).toEqual([]);
});

it('an unreadable lock blocks while fresh (its owner may be writing it) and expires after a grace period', () => {
  writeFileSync(lockFile(), '');
  expect(() => lockDataDir(dir)).toThrow(/another Threadline server that is starting/);
  const old = new Date(Date.now() - 60_000);
  utimesSync(lockFile(), old, old);
  lockDataDir(dir).release();
});

it('a release never removes a lock that another process has since taken', () => {
  const lock = lockDataDir(dir);
  const theirs = JSON.stringify({ pid: process.ppid, startedAt: 'now', token: 'theirs' });
  writeFileSync(lockFile(), theirs);
  lock.release();
  expect(readFileSync(lockFile(), 'utf8')).toBe(theirs);
});

it('openBackend claims the folder before opening it and close() hands it back', async () => {
  const a = await openBackend({ dataDir: dir, log: () => undefined });
  await expect(openBackend({ dataDir: dir, log: () => undefined })).rejects.toThrow(DataDirLockedError);
  await a.close();
  const b = await openBackend({ dataDir: dir, log: () => undefined });
  expect(b.core.auth.hasAdmin()).toBe(true);
  await b.close();
  expect(existsSync(lockFile())).toBe(false);
});
