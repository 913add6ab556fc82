/**
 * Test kit: the set-up of the tests that kill the real server (kill -9, SIGTERM) and restart it on the
 * same data. Each fresh set-up has its own temp data folder and store (a database of its own on
 * PostgreSQL, in the node-pg project), so a restart reopens the same data; folders and any server still
 * up are cleaned away after the file.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createClient } from '#tests/contract/client';
import type { SpawnedServer } from './spawn-server';
import { freePort, SPAWN_ADMIN, spawnServer, storeEnv } from './spawn-server';

/** Call at the top of a test file: registers the clean-up and hands out fresh set-ups. */
export function useSpawnedServers() {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  /** A temp data folder, its store, a free port, a contract client for that port, and a start there. */
  async function freshSetup(prefix: string) {
    const dataDir = await mkdtemp(join(tmpdir(), prefix));
    dirs.push(dataDir);
    const store = await storeEnv();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const c = createClient(() => ({ baseUrl: base, admin: SPAWN_ADMIN }));
    /** The real server on this folder, once it listens (killed at the end if still up). */
    const start = async (): Promise<SpawnedServer> => {
      // Load and restart tests: far past the request budgets a shopper gets.
      const server = spawnServer(dataDir, port, { RATE_LIMITS: 'off', ...store });
      children.push(server.child);
      await server.listening;
      return server;
    };
    return { dataDir, base, c, start, onFiles: !store.DATABASE_URL };
  }

  return { freshSetup };
}
