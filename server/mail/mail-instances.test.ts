/**
 * Two server processes over one PostgreSQL database, each with its own sender to one SMTP sink (issue 26):
 * orders placed through both, and every mail arrives once (claims are taken under the mail table's lock).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createClient } from '#tests/contract/client';
import type { PgCluster } from '#server/test/pg-cluster';
import { startPgCluster } from '#server/test/pg-cluster';
import { SPAWN_ADMIN, spawnServer } from '#server/test/spawn-server';
import type { SmtpSink } from '#server/test/mail-kit';
import { startSmtpSink, until } from '#server/test/mail-kit';

const PORTS = [4541, 4542];
const SINK_PORT = 4543;
let cluster: PgCluster;
let sink: SmtpSink;
const children: ChildProcess[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  cluster = await startPgCluster();
  sink = await startSmtpSink(SINK_PORT);
}, 60_000);
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) await rm(d, { recursive: true, force: true });
  await sink?.stop();
  await cluster?.stop();
});

it('two instances on one database: each mail of orders placed through both arrives once', async () => {
  const url = await cluster.createDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'threadline-mail-pg-'));
  dirs.push(dataDir);
  const env = { DATABASE_URL: url, RATE_LIMITS: 'off', SMTP_URL: `smtp://127.0.0.1:${SINK_PORT}` };
  const clients = [];
  for (const port of PORTS) {
    const s = spawnServer(dataDir, port, env);
    children.push(s.child);
    await s.listening;
    clients.push(createClient(() => ({ baseUrl: `http://127.0.0.1:${port}`, admin: SPAWN_ADMIN })));
  }
  const [a, b] = clients as [ReturnType<typeof createClient>, ReturnType<typeof createClient>];
  const admin = await a.adminToken();
  const form = { title: 'Twin Tee', regular_price: 10, sale_price: null, sizes: [], colors: [] };
  const productId = (await a.call('createProduct', { token: admin, body: form })).body.id as number;
  const shoppers = await Promise.all([a.newShopper(), b.newShopper()]);
  const line = [{ productId, qty: 1, selectedSize: '', selectedColor: '' }];
  const orders = await Promise.all(
    Array.from({ length: 10 }, (_, i) => (i % 2 ? b : a).placeOrder(shoppers[i % 2]!.token, line)),
  );
  // 2 welcomes, and a confirmation and an alert per order.
  const expected = 2 + 2 * orders.length;
  await until(() => sink.received.length >= expected, `${expected} mails`, 2_000);
  await new Promise((r) => setTimeout(r, 2_000)); // time for a double send to show up
  const ids = sink.received.map((m) => m.messageId);
  expect(ids).toHaveLength(expected);
  expect(new Set(ids).size).toBe(expected);
  for (const id of orders)
    expect(sink.received.filter((m) => m.subject === `Your order #${id} at Threadline`)).toHaveLength(1);
}, 120_000);
