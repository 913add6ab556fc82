/**
 * kill -9 right after an order's 201: the confirmation is in the order's own durable write, so after a
 * restart it arrives, once. SMTP is down while the first process runs, so nothing can have been sent
 * before the kill; the restarted server delivers to the sink (server/test/mail-kit.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createClient } from '#tests/contract/client';
import type { SpawnedServer } from '#server/test/spawn-server';
import { SPAWN_ADMIN, spawnServer } from '#server/test/spawn-server';
import type { SmtpSink } from '#server/test/mail-kit';
import { startSmtpSink, until } from '#server/test/mail-kit';

const PORT = 4531;
const SINK_PORT = 4532;
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f();
});

it('kill -9 right after an order is acknowledged: after the restart its confirmation arrives exactly once', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'threadline-mail-crash-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  const env = {
    RATE_LIMITS: 'off',
    SMTP_URL: `smtp://127.0.0.1:${SINK_PORT}`,
    PUBLIC_URL: 'https://shop.example',
  };
  const start = async (): Promise<SpawnedServer> => {
    const s = spawnServer(dataDir, PORT, env);
    cleanup.push(async () => {
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    });
    await s.listening;
    return s;
  };
  const c = createClient(() => ({ baseUrl: `http://127.0.0.1:${PORT}`, admin: SPAWN_ADMIN }));

  let server = await start();
  const admin = await c.adminToken();
  const form = { title: 'Crash Coat', regular_price: 80, sale_price: null, sizes: [], colors: [] };
  const productId = (await c.call('createProduct', { token: admin, body: form })).body.id as number;
  const shopper = await c.newShopper();
  const orderId = await c.placeOrder(shopper.token, [
    { productId, qty: 1, selectedSize: '', selectedColor: '' },
  ]);
  server.child.kill('SIGKILL');
  await server.exited;

  const sink: SmtpSink = await startSmtpSink(SINK_PORT);
  cleanup.push(() => sink.stop());
  server = await start();
  const subject = `Your order #${orderId} at Threadline`;
  // A try cut short by the kill waits for its lease (two minutes) before the next.
  await until(() => sink.received.some((m) => m.subject === subject), 'the confirmation', 7_000);
  const token = await c.adminToken();
  await until(() => sink.received.length >= 3, 'the welcome, the confirmation and the alert', 7_000);
  // The sink has a mail a moment before the server records it sent: wait for the records to settle.
  let states: string[] = [];
  await until(
    async () => {
      const list = await c.call('adminMailList', { token, query: { limit: 100 } });
      states = list.body.items.map((m: { state: string }) => m.state);
      return !states.includes('sending');
    },
    'the mail records to settle',
    200,
  );
  expect(states).toEqual(['sent', 'sent', 'sent']);
  expect(sink.received.filter((m) => m.subject === subject)).toHaveLength(1);
  expect(sink.received.filter((m) => m.subject === subject)[0]!.to).toEqual([shopper.email]);
  server.child.kill('SIGKILL');
}, 200_000);
