/**
 * `npm run dev`: one server on PORT (default 3000), restarted on a server change by node --watch: the Koa API
 * and the shop pages rendered on the server from source, with Vite in middleware mode serving the app's modules
 * and hot reload (server/http/pages/vite-dev.ts). Readable log lines (LOG_FORMAT=pretty). Ctrl-C stops it.
 */
import { spawn } from 'node:child_process';

const child = spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/index.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.PORT ?? '3000',
    HOST: process.env.HOST ?? '127.0.0.1',
    LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
    DEV_SERVER: 'true',
  },
});
child.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
