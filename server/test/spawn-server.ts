/**
 * Test kit: the real server (`node --import tsx server/index.ts`) as a child process on a given DATA_DIR,
 * for tests that need a second process (kill -9, two servers on one folder).
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createDatabase } from './pg-cluster';

export const SPAWN_ADMIN = { email: 'admin@spawned.test', password: 'spawned-admin-1' };

/**
 * The store a spawned server should use: in the `node-pg` project (vitest.config.ts) a fresh database of
 * the run's cluster, as `{ DATABASE_URL }`; elsewhere nothing (lowdb files in the data folder).
 */
export async function storeEnv(): Promise<Record<string, string>> {
  const adminUrl = inject('pgAdminUrl');
  return adminUrl ? { DATABASE_URL: await createDatabase(adminUrl) } : {};
}

export interface SpawnedServer {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves once the server listens, rejects with its output if it exits first. */
  listening: Promise<void>;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
}

export function spawnServer(dataDir: string, port: number, env: Record<string, string> = {}): SpawnedServer {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: join(import.meta.dirname, '..', '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: SPAWN_ADMIN.email,
      ADMIN_PASSWORD: SPAWN_ADMIN.password,
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 20_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  // A test that only waits for the exit must not see an unhandled rejection from `listening`.
  listening.catch(() => undefined);
  return { child, output: () => out, listening, exited };
}

/** Ports handed out in a TEST_PORT_RANGE, never twice: the first caller may not have bound its port yet. */
const handedOut = new Set<number>();

/**
 * A free port on 127.0.0.1: any the system picks, or with TEST_PORT_RANGE=4100-4199 one of those
 * (engineers sharing one machine each keep to their own range).
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORT_RANGE ?? '');
  if (!range) return listenOn(0);
  const [from, to] = [Number(range[1]), Number(range[2])];
  for (let port = from; port <= to; port++) {
    if (handedOut.has(port)) continue;
    const got = await listenOn(port).catch(() => null);
    if (got === null) continue;
    handedOut.add(got);
    return got;
  }
  throw new Error(`no free port left in TEST_PORT_RANGE ${from}-${to}`);
}

function listenOn(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}
