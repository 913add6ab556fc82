/**
 * Test kit (issue 16): a throwaway PostgreSQL cluster in a temporary folder, on a free port, started with
 * Debian's binaries (/usr/lib/postgresql/<major>/bin, or PG_BIN) and stopped afterwards. initdb refuses
 * to run as root, so as root the folder is handed to the `postgres` user and the tools run through
 * `runuser`. Each test then takes a database of its own (createDatabase), so tests never share rows.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './spawn-server';

const run = promisify(execFile);

/** The folder of initdb and pg_ctl: PG_BIN, else the newest Debian install, else the PATH. */
export function pgBinDir(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((d) => existsSync(join(root, d, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? join(root, majors[0], 'bin') : null;
}

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  adminUrl: string;
  port: number;
  /** A new empty database; its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server (as a crash would: immediate) but keeps its folder, for `restart`. */
  halt(): Promise<void>;
  /** Starts it again on the same port and data. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

let dbCounter = 0;

/** A new empty database on the cluster of `adminUrl`; its URL. */
export async function createDatabase(
  adminUrl: string,
  name = `t_${process.pid}_${++dbCounter}_${Date.now()}`,
): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return adminUrl.replace(/\/[^/]*$/, `/${name}`);
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = pgBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql, or set PG_BIN)');
  const dir = await mkdtemp(join(tmpdir(), 'threadline-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const tool = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args]) : run(join(bin, name), args);
  if (asRoot) {
    const { uid, gid } = await postgresIds();
    await chown(dir, uid, gid);
  }
  await chmod(dir, 0o700);
  await tool('initdb', [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const start = () => tool('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  await start();
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    adminUrl,
    port,
    createDatabase: (name?: string) => createDatabase(adminUrl, name),
    async halt() {
      await tool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    async restart() {
      await start();
    },
    async stop() {
      await tool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}
