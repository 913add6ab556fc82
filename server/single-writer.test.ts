/**
 * One server per DATA_DIR, with real processes: a second server on a held folder stops with a message
 * naming the folder and the holder's pid, a non-zero exit code and the folder untouched (every name, size
 * and mtime, folders included); a lock left by kill -9 does not block the next start.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { LOCK_FILE } from './store/data-dir-lock';
import { freePort, spawnServer } from './test/spawn-server';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** name -> size and mtime of every entry under `dir`, and of `dir` itself. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (rel: string) => {
    const s = await stat(join(dir, rel));
    out[rel || '.'] = `${s.isDirectory() ? 'dir' : s.size} ${s.mtimeMs}`;
    if (s.isDirectory()) for (const name of await readdir(join(dir, rel))) await walk(join(rel, name));
  };
  await walk('');
  return out;
}

const lockPid = (dir: string) =>
  (JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number }).pid;

it('a second server on a held DATA_DIR exits non-zero naming the folder and pid, and touches nothing', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'threadline-single-'));
  dirs.push(dataDir);
  const first = spawnServer(dataDir, await freePort());
  children.push(first.child);
  await first.listening;
  expect(lockPid(dataDir)).toBe(first.child.pid);
  const before = await snapshot(dataDir);

  const second = spawnServer(dataDir, await freePort(), { SEED_DEMO: 'true' });
  children.push(second.child);
  // Fails fast, rather than timing out, if the second server starts after all.
  const code = await Promise.race([second.exited, second.listening.then(() => 'listening')]);
  expect(code).not.toBe('listening');
  expect(code).not.toBe(0);
  expect(second.output()).toContain(`data folder ${realpathSync(dataDir)} is in use`);
  expect(second.output()).toContain(`pid ${first.child.pid}`);
  expect(second.output()).not.toContain('listening on');
  expect(await snapshot(dataDir)).toEqual(before);

  // The first server is unharmed and still holds the folder.
  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  expect((await readdir(dataDir)).includes(LOCK_FILE)).toBe(false);
}, 60_000);

it('a lock left by a server killed with kill -9 is taken over by the next start', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'threadline-stale-'));
  dirs.push(dataDir);
  const port = await freePort();
  const first = spawnServer(dataDir, port);
  children.push(first.child);
  await first.listening;
  first.child.kill('SIGKILL');
  await first.exited;
  expect(lockPid(dataDir)).toBe(first.child.pid); // left behind: kill -9 runs no clean-up

  const next = spawnServer(dataDir, port);
  children.push(next.child);
  await next.listening;
  expect(lockPid(dataDir)).toBe(next.child.pid);
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  next.child.kill('SIGTERM');
  expect(await next.exited).toBe(0);
}, 60_000);
