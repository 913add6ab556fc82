/**
 * The servers under test, each a child process pinned to core 0 (`taskset -c 0`) while the load
 * generator (this process) runs on core 1: ours (the real server/index.ts on a DATA_DIR), json-server
 * 0.17.4, and the two raw node:http baselines (raw-server.ts). Started, waited for, and stopped here.
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..');
export const SERVER_CORE = '0';
export const LOAD_CORE = '1';

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

function pinned(cmd: string, args: string[], env: NodeJS.ProcessEnv, pin = true): ChildProcess {
  const child = spawn(pin ? 'taskset' : cmd, pin ? ['-c', SERVER_CORE, cmd, ...args] : args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
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
): Promise<Running> {
  const t0 = Date.now();
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start in time:\n${output.slice(-2000)}`)),
      timeoutMs,
    );
    const onData = (d: Buffer) => {
      output += d.toString();
      if (ready?.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    if (!ready) {
      clearTimeout(timer);
      resolve();
    }
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output.slice(-2000)}`));
    });
  });
  child.removeAllListeners('exit');
  // Started: stop keeping the output (the request log writes a line per request, and holding it all, tested
  // against `ready` on every chunk, would cost the harness more than the server), but keep draining it, as a
  // log shipper would.
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
  );
  return started('ours', child, /listening on/, port);
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
