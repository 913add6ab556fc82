import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { expectControlled, persistentContext } from './pwa-helpers';

/**
 * Issue 6, deploy: version A is built and served, a shopper visits; version B (a different APP_VERSION,
 * so a different footer text and a byte-different sw.js) is built into another folder and the server is
 * restarted on it, on the same origin. A reload finds the new worker waiting: `New version available`,
 * and Reload switches to B. Its own server (PWA_DEPLOY_PORT, default 3511) so the shared one is untouched.
 */
test.describe.configure({ timeout: 240_000 });

const PORT = Number(process.env.PWA_DEPLOY_PORT ?? 3511);
const BASE = `http://127.0.0.1:${PORT}`;

function build(version: string, outDir: string): void {
  const r = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    env: { ...process.env, APP_VERSION: version },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`vite build failed: ${r.stderr}`);
}

async function startServer(distDir: string, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      SEED_DEMO: 'true',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${BASE}/api/health`).catch(() => null))?.ok ?? false, { timeout: 60_000 })
    .toBe(true);
  return child;
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

test('a new deploy shows New version available, and Reload shows the new version', async () => {
  const root = mkdtempSync(join(tmpdir(), 'threadline-deploy-'));
  const [distA, distB, data] = ['dist-a', 'dist-b', 'data'].map((d) => join(root, d)) as [
    string,
    string,
    string,
  ];
  let server: ChildProcess | null = null;
  const { page, close } = await persistentContext(BASE);
  try {
    build('deploy-a', distA);
    server = await startServer(distA, data);
    await page.goto('/');
    await expectControlled(page);
    await expect(page.getByText('Version deploy-a')).toBeVisible();

    build('deploy-b', distB);
    await stopServer(server);
    server = await startServer(distB, data);

    await page.reload();
    // The old worker still serves version A until the shopper agrees to switch.
    await expect(page.getByText('Version deploy-a')).toBeVisible();
    const prompt = page.getByRole('status').filter({ hasText: 'New version available' });
    await expect(prompt).toBeVisible({ timeout: 60_000 });
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByText('Version deploy-b')).toBeVisible({ timeout: 30_000 });
    await expect(prompt).toBeHidden();
  } finally {
    await close();
    if (server) await stopServer(server);
    rmSync(root, { recursive: true, force: true });
  }
});
