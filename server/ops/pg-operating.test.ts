/**
 * Issue 30 on PostgreSQL, on a cluster of this test's own (it is stopped half-way, which the shared cluster
 * of the node-pg project must never be): readiness follows the database, and a pg_dump backup restores.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsTestServer } from '#server/test/ops-kit';
import { startOpsTestServer } from '#server/test/ops-kit';
import type { PgCluster } from '#server/test/pg-cluster';
import { startPgCluster } from '#server/test/pg-cluster';
import { restoreArchive } from './backup/restore';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
const CART = [{ productId: 1, qty: 1, selectedSize: 'S', selectedColor: '#1e3a5f' }];

let cluster: PgCluster;
let s: OpsTestServer;
let work: string;
beforeAll(async () => {
  cluster = await startPgCluster();
  work = await mkdtemp(join(tmpdir(), 'threadline-pg-ops-'));
  s = await startOpsTestServer({ databaseUrl: await cluster.createDatabase(), dataDir: join(work, 'shop') });
}, 120_000);
afterAll(async () => {
  await s?.close();
  await cluster?.stop();
  await rm(work, { recursive: true, force: true });
});

describe('on PostgreSQL', () => {
  it('backs up with pg_dump and restores into a new database', async () => {
    const shopper = await s.client.newShopper();
    const orderId = await s.client.placeOrder(shopper.token, CART);
    // An uploaded image rides with the dump.
    await mkdir(join(s.dataDir, 'uploads'), { recursive: true });
    await writeFile(join(s.dataDir, 'uploads', 'a1b2c3.webp'), 'image bytes');
    const archive = join(work, 'pg.tar.gz');
    const env = { ...process.env, DATA_DIR: s.dataDir, DATABASE_URL: s.databaseUrl };
    await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', '--to', archive], {
      cwd: ROOT,
      env,
    });
    const target = await cluster.createDatabase();
    const manifest = await restoreArchive(archive, join(work, 'restored'), { databaseUrl: target });
    expect(manifest.kind).toBe('postgres');
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT id FROM orders WHERE id = $1', [orderId]);
      expect(rows).toHaveLength(1);
    } finally {
      await client.end();
    }
    expect(await readFile(join(work, 'restored', 'uploads', 'a1b2c3.webp'), 'utf8')).toBe('image bytes');
  }, 60_000);

  it('readiness turns 503 when the database stops, and back to 200 when it is back', async () => {
    const ready = () => fetch(`${s.baseUrl}/api/ready`);
    expect((await ready()).status).toBe(200);
    await cluster.halt();
    try {
      const down = await ready();
      expect(down.status).toBe(503);
      expect(((await down.json()) as { reasons: string[] }).reasons[0]).toMatch(/^database: /);
      // Liveness is not readiness: the process is up.
      expect((await fetch(`${s.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      await cluster.restart();
    }
    await expect.poll(async () => (await ready()).status, { timeout: 10_000 }).toBe(200);
    const shopper = await s.client.newShopper();
    await s.client.placeOrder(shopper.token, CART);
  }, 60_000);
});
