/**
 * `npm run dev`: the Koa API on API_PORT (default 3001, restarted on change by node --watch) and Vite with
 * hot reload on PORT (default 3000), proxying /api and /uploads to the API. Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const children: ChildProcess[] = [];

function run(cmd: string, args: string[], env: Record<string, string>) {
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    if (code !== null && code !== 0) shutdown(code);
  });
}

function shutdown(code = 0) {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  process.exit(code);
}

process.on('SIGINT', () => shutdown());
process.on('SIGTERM', () => shutdown());

run(process.execPath, ['--import', 'tsx', '--watch', 'server/index.ts'], {
  PORT: apiPort,
  HOST: '127.0.0.1',
  LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
});
run(process.execPath, ['node_modules/vite/bin/vite.js'], { PORT: port, API_PORT: apiPort });
