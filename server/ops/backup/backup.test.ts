/**
 * Issue 30: a backup taken by `npm run backup` from a running lowdb shop in the middle of an order storm
 * restores into a folder the real server starts on, with every order acknowledged before the backup began,
 * and nothing half-written; damaged archives are refused and leave nothing behind.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { create as createTar, extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING } from '#tests/contract/client';
import type { OpsTestServer } from '#server/test/ops-kit';
import { startOpsTestServer } from '#server/test/ops-kit';
import { freePort, spawnServer } from '#server/test/spawn-server';
import { TEST_ADMIN } from '#server/test/test-server';
import { RestoreError, restoreArchive } from './restore';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..', '..');
const CART = [{ productId: 1, qty: 1, selectedSize: 'S', selectedColor: '#1e3a5f' }];

let s: OpsTestServer;
let work: string;
let archive: string;
let ackedBefore: number[] = [];
let ackedAfter: number[] = [];

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'threadline-backup-'));
  // Without the request budgets, so four shoppers can keep orders coming for the whole backup.
  s = await startOpsTestServer({ opsPort: true, rateLimits: false });
  const shoppers = await Promise.all([0, 1, 2, 3].map(() => s.client.newShopper()));
  const acked: number[] = [];
  let storming = true;
  const storm = shoppers.map(async (sh) => {
    while (storming) {
      const r = await s.client.call<{ orderId: number }>('placeOrder', {
        token: sh.token,
        body: { cart: CART, shipping_address: SHIPPING, payment_method: 'cod' },
      });
      expect(r.status).toBe(201);
      acked.push(r.body.orderId);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
  while (acked.length < 20) await new Promise((r) => setTimeout(r, 10));
  // Every order answered 201 so far must be in the archive; those answered later may or may not be.
  ackedBefore = [...acked];
  archive = join(work, 'shop.tar.gz');
  await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/backup.ts', '--to', archive, '--from', s.opsUrl!],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: s.dataDir },
    },
  );
  const duringBackup = acked.length;
  while (acked.length < duringBackup + 5) await new Promise((r) => setTimeout(r, 10));
  storming = false;
  await Promise.all(storm);
  ackedAfter = [...acked];
}, 120_000);

afterAll(async () => {
  await s.close();
  await rm(work, { recursive: true, force: true });
});

describe('a backup of a running shop', () => {
  it('restores into a folder the server starts on cleanly, with every order acknowledged before it began', async () => {
    const target = join(work, 'restored');
    const manifest = await restoreArchive(archive, target);
    expect(manifest.kind).toBe('lowdb');
    // Orders went on while the backup was written: the storm did not stop for it.
    expect(ackedAfter.length).toBeGreaterThan(ackedBefore.length);

    const port = await freePort();
    const srv = spawnServer(target, port, {
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
    });
    try {
      await srv.listening;
      // Nothing quarantined, nothing left out, no torn line: every row loaded.
      expect(srv.output()).not.toMatch(/quarantin|cannot be loaded|torn|corrupt/i);
      const base = `http://127.0.0.1:${port}/api`;
      const login = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(TEST_ADMIN),
      });
      const { token } = (await login.json()) as { token: string };
      const orders = (await (
        await fetch(`${base}/orders`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { id: number; items?: unknown[] }[];
      const restored = new Set(orders.map((o) => o.id));
      for (const id of ackedBefore) expect(restored.has(id), `order ${id}`).toBe(true);
      // Nothing that was never acknowledged (ids beyond the last one answered).
      expect(Math.max(...restored)).toBeLessThanOrEqual(Math.max(...ackedAfter));
      expect(manifest.rows?.orders).toBe(orders.length);
    } finally {
      srv.child.kill('SIGTERM');
      await srv.exited;
    }
  }, 60_000);
});

describe('restore refuses', () => {
  it('a corrupted archive, with a clear error, and writes nothing', async () => {
    const bytes = await readFile(archive);
    const mid = Math.floor(bytes.length / 2);
    bytes.fill(0xa5, mid, mid + 64);
    const bad = join(work, 'corrupted.tar.gz');
    await writeFile(bad, bytes);
    const target = join(work, 'from-corrupted');
    const r = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/restore.ts', '--from', bad, '--to', target],
      {
        cwd: ROOT,
      },
    ).catch((e: { code: number; stderr: string }) => e);
    expect(r).toMatchObject({ code: 1 });
    expect((r as { stderr: string }).stderr).toMatch(/Restore refused: The archive is (damaged|incomplete)/);
    await expect(readdir(target)).rejects.toThrow(/ENOENT/);
    expect((await readdir(work)).filter((n) => n.startsWith('.restore-'))).toEqual([]);
  }, 60_000);

  it('a file changed inside a well-formed archive (its SHA-256 no longer matches)', async () => {
    const dir = join(work, 'unpacked');
    await mkdir(dir);
    await extract({ file: archive, cwd: dir });
    const users = join(dir, 'users.json');
    await writeFile(users, (await readFile(users, 'utf8')).replace('"is_admin":0', '"is_admin":1'));
    const tampered = join(work, 'tampered.tar.gz');
    await createTar({ gzip: true, cwd: dir, file: tampered }, await readdir(dir));
    await expect(restoreArchive(tampered, join(work, 'from-tampered'))).rejects.toThrow(
      /users\.json does not match its SHA-256 sum/,
    );
  });

  it('a folder that is not empty', async () => {
    const target = join(work, 'busy');
    await mkdir(target);
    await writeFile(join(target, 'keep.txt'), 'mine');
    await expect(restoreArchive(archive, target)).rejects.toThrow(RestoreError);
    expect(await readdir(target)).toEqual(['keep.txt']);
  });
});
