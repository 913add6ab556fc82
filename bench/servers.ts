/**
 * The servers under test, each a child process pinned to core 0 (`taskset -c 0`) while the load
 * generator (this process) runs on core 1: ours (the real server/index.ts on a DATA_DIR), json-server
 * 0.17.4, and the two raw node:http baselines (raw-server.ts). Started, waited for, and stopped here.
 * Ours logs as in production (a JSON line per request, LOG_LEVEL info) into bench/data/logs/ours-<port>.log.
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { once } from 'node:events';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..');
export const SERVER_CORE = '0';
export const LOAD_CORE = '1';
/** Where our server's stdout (its log) goes during a bench: `ours-<port>.log`, overwritten each start. */
export const LOG_DIR = join(ROOT, 'bench', 'data', 'logs');

export interface Running {
  name: string;
  url: string;
  child: ChildProcess;
  startMs: number;
  stop(): Promise<void>;
}

/** Every child still running; killed if the bench itself fails or is interrupted. */
const live = new Set<ChildProcess>();
const killAll = (): void => {
  for (const c of live) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
};
process.on('exit', killAll);
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    killAll();
    process.exit(130);
  });

function pinned(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  pin = true,
  stdout: 'pipe' | number = 'pipe',
): ChildProcess {
  const child = spawn(pin ? 'taskset' : cmd, pin ? ['-c', SERVER_CORE, cmd, ...args] : args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', stdout, 'pipe'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

async function started(
  name: string,
  child: ChildProcess,
  ready: RegExp | null,
  port: number,
  timeoutMs = 120_000,
  logFile?: string,
): Promise<Running> {
  const t0 = Date.now();
  let output = '';
  // A server writing its stdout to a file: its first lines are read from there until `ready` shows.
  const fromFile = () => (logFile ? readFileSync(logFile, 'utf8').slice(0, 1 << 16) : '');
  await new Promise<void>((resolve, reject) => {
    let poll: ReturnType<typeof setInterval> | undefined;
    const done = () => {
      clearTimeout(timer);
      clearInterval(poll);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`${name} did not start in time:\n${(fromFile() + output).slice(-2000)}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (ready?.test(output)) {
        done();
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    if (logFile && ready)
      poll = setInterval(() => {
        if (!ready.test(fromFile())) return;
        done();
        resolve();
      }, 10);
    if (!ready) {
      done();
      resolve();
    }
    child.once('exit', (code) => {
      done();
      reject(new Error(`${name} exited with ${code}:\n${(fromFile() + output).slice(-2000)}`));
    });
  });
  child.removeAllListeners('exit');
  // Started: stop keeping the output (a baseline's; ours writes its request log to a file), but keep draining it.
  child.stdout?.removeAllListeners('data');
  child.stderr?.removeAllListeners('data');
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    child,
    startMs: Date.now() - t0,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

export function startOurs(
  dataDir: string,
  port: number,
  extraEnv: NodeJS.ProcessEnv = {},
  pin = true,
): Promise<Running> {
  // BENCH_SERVER_NODE_ARGS (e.g. --trace-gc) helps to explain a figure; empty in normal runs.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // Its log (a line per request) goes to a file, as a server's stdout would go to a log shipper in another
  // process: not through a pipe that the load generator (this process, on the other core) would have to drain.
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = join(LOG_DIR, `ours-${port}.log`);
  const fd = openSync(logFile, 'w');
  const child = pinned(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', 'server/index.ts'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      DIST_DIR: join(dataDir, 'no-dist'),
      // Raw capacity: 50 shoppers place thousands of orders a second, far past any real budget.
      // Every other protection (body limits, row checks, bounded caches) stays on.
      RATE_LIMITS: 'off',
      ...extraEnv,
    },
    pin,
    fd,
  );
  closeSync(fd); // the child holds its own copy
  return started('ours', child, /listening on/, port, 120_000, logFile);
}

export function startRaw(mode: 'stringify' | 'buffer', dataDir: string, port: number): Promise<Running> {
  const child = pinned(
    process.execPath,
    ['--import', 'tsx', 'bench/raw-server.ts', mode, dataDir, String(port)],
    {},
  );
  return started(`raw-${mode}`, child, /raw server ready/, port);
}

/** The rendered pages' baseline (raw-pages.ts): the pages in `pagesFile` as ready Buffers. */
export function startRawPages(pagesFile: string, port: number): Promise<Running> {
  const child = pinned(
    process.execPath,
    ['--import', 'tsx', 'bench/raw-pages.ts', pagesFile, String(port)],
    {},
  );
  return started('raw-pages', child, /raw server ready/, port);
}

export function startJsonServer(dbFile: string, port: number): Promise<Running> {
  const bin = join(ROOT, 'node_modules', 'json-server', 'lib', 'cli', 'bin.js');
  const routes = join(import.meta.dirname, 'json-server-routes.json');
  const t0 = Date.now();
  const child = pinned(
    process.execPath,
    [bin, dbFile, '--port', String(port), '--host', '127.0.0.1', '--routes', routes, '--quiet'],
    {},
  );
  return started('json-server', child, null, port).then(async (r) => {
    // --quiet prints nothing: poll until it answers.
    for (let i = 0; i < 600; i++) {
      const ok = await fetch(`${r.url}/api/products?_limit=1`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return { ...r, startMs: Date.now() - t0 };
      await new Promise((res) => setTimeout(res, 100));
    }
    await r.stop();
    throw new Error('json-server did not answer');
  });
}

/** A production build of the web app into `outDir` (the shared dist/ is left alone). */
export function buildWebApp(outDir: string): void {
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

/** The server's rendering (web/src/entry-server.tsx) into `<outDir>/server`, as `npm run build` does beside the app. */
export function buildServerRendering(outDir: string): void {
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      join(outDir, 'server'),
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

/**
 * Runs `work` with this process on every core, then puts it back on the cores it had. The bench pins itself to
 * the load core (run.ts), and what it starts inherits that: a browser measured as a phone's (the offline sync,
 * Lighthouse) and the server it talks to would otherwise share one core between all their processes.
 */
export async function onAllCores<T>(work: () => Promise<T>): Promise<T> {
  const pid = String(process.pid);
  // "pid 123's current affinity list: 1"
  const had = execFileSync('taskset', ['-p', '-c', pid], { encoding: 'utf8' }).split(':').pop()!.trim();
  // Every core of the machine (os.availableParallelism counts only the cores this process is pinned to).
  execFileSync('taskset', ['-a', '-p', '-c', `0-${cpus().length - 1}`, pid], { stdio: 'ignore' });
  try {
    return await work();
  } finally {
    execFileSync('taskset', ['-a', '-p', '-c', had, pid], { stdio: 'ignore' });
  }
}
