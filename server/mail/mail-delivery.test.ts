/**
 * The outbox against a real SMTP server in process (server/test/mail-kit.ts): what arrives, once; SMTP
 * down then up; a permanent refusal and Retry; header and HTML injection. The sender's clock is moved
 * by hand (`later`), so retries come at once instead of after their delays.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { formatMoney } from '#contract/rules/money';
import { html } from '#server/core/mail/markup';
import { createClient } from '#tests/contract/client';
import type { TestServer } from '#server/test/test-server';
import { startTestServer, TEST_ADMIN } from '#server/test/test-server';
import type { SmtpSink } from '#server/test/mail-kit';
import { startSmtpSink, testMailSettings, until } from '#server/test/mail-kit';
import { createMetrics } from '#server/ops/metrics';
import type { Metrics } from '#server/ops/metrics';
import { createLogger } from '#server/ops/logger';
import type { MailSender } from './sender';
import { startMailSender } from './sender';
import { createSmtpTransport } from './smtp-transport';

const SINK_PORT = 4511;
let srv: TestServer;
let sink: SmtpSink | undefined;
let sender: MailSender | undefined;
let offset = 0;
let metrics: Metrics;
let logText = '';
const c = createClient(() => ({ baseUrl: srv.baseUrl, admin: TEST_ADMIN }));

beforeEach(async () => {
  offset = 0;
  metrics = createMetrics({ defaults: false });
  logText = '';
  srv = await startTestServer({
    mail: testMailSettings({ delivering: true, alertsTo: ['owner@shop.example'] }),
  });
});
afterEach(async () => {
  await sender?.stop();
  sender = undefined;
  await sink?.stop();
  sink = undefined;
  await srv.close();
});

function startSender(port = SINK_PORT): MailSender {
  sender = startMailSender({
    table: srv.backend.core.deps.stores.mail!,
    transport: createSmtpTransport(`smtp://127.0.0.1:${port}`),
    from: '"Threadline" <hello@threadline.example>',
    domain: 'shop.example',
    now: () => Date.now() + offset,
    pollMs: 50,
    onOutcome: (result) => metrics.mailSent(result),
    logger: createLogger({ destination: { write: (line: string) => void (logText += line) } }),
  });
  return sender;
}

async function product(title: string, price: number): Promise<number> {
  const admin = await c.adminToken();
  const form = { title, regular_price: price, sale_price: null, sizes: ['M'], colors: ['Navy'] };
  return (await c.call('createProduct', { token: admin, body: form })).body.id as number;
}

const mails = () => srv.backend.core.deps.stores.mail!.all();

async function sends(): Promise<Record<string, number>> {
  const { values } = await metrics.registry.getSingleMetric('threadline_mail_sends_total')!.get();
  return Object.fromEntries(values.map((v) => [String(v.labels.result), v.value]));
}

it('mail_sends_total counts each attempt by result: sent, retry (no SMTP), failed (550)', async () => {
  startSender(); // nothing listens yet: the welcome's first try is a retry
  await c.newShopper();
  await until(() => mails().some((m) => m.attempts === 1 && m.state === 'queued'), 'the refused try');
  await sender!.idle();
  expect(await sends()).toEqual({ retry: 1 });
  sink = await startSmtpSink(SINK_PORT);
  offset = 60_000;
  sender!.kick();
  await until(() => mails().every((m) => m.state === 'sent'), 'the welcome sent');
  await sender!.idle();
  expect(await sends()).toEqual({ retry: 1, sent: 1 });
  sink.refuseWith(550);
  await c.newShopper();
  await until(() => mails().some((m) => m.state === 'failed'), 'the second welcome refused');
  await sender!.idle();
  expect(await sends()).toEqual({ retry: 1, sent: 1, failed: 1 });
  // The same attempts as log lines, without the mail's body.
  const lines = logText
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(lines.map((l) => [l.kind, l.result, l.attempts])).toEqual([
    ['welcome', 'retry', 1],
    ['welcome', 'sent', 2],
    ['welcome', 'failed', 1],
  ]);
  expect(lines[2]!.error).toContain('550');
  expect(logText).not.toContain('Welcome to');
});

it('the confirmation and the owner alert arrive once, with the lines, shipping and total', async () => {
  sink = await startSmtpSink(SINK_PORT);
  startSender();
  const coat = await product('Harbour Coat', 120);
  const shopper = await c.newShopper();
  const orderId = await c.placeOrder(shopper.token, [
    { productId: coat, qty: 2, selectedSize: 'M', selectedColor: 'Navy' },
  ]);
  await until(() => sink!.received.length >= 3, 'welcome, confirmation and alert');
  await sender!.idle();
  const confirmation = sink.received.filter((m) => m.subject === `Your order #${orderId} at Threadline`);
  const alert = sink.received.filter((m) => m.subject.startsWith(`New order #${orderId}`));
  expect(confirmation).toHaveLength(1);
  expect(alert).toHaveLength(1);
  expect(confirmation[0]!.to).toEqual([shopper.email]);
  expect(alert[0]!.to).toEqual(['owner@shop.example']);
  for (const m of [confirmation[0]!, alert[0]!]) {
    expect(m.text).toContain(`Harbour Coat (Size M, Colour Navy) × 2: ${formatMoney(240, 'USD')}`);
    expect(m.text).toContain(`Shipping: ${formatMoney(20, 'USD')}`);
    expect(m.text).toContain(`Total: ${formatMoney(260, 'USD')}`);
    expect(m.html).toContain('Harbour Coat');
    expect(m.messageId).toMatch(/^<mail-\d+-\d+@shop\.example>$/);
  }
  expect(confirmation[0]!.text).toContain('https://wa.me/15550102030?text=');
  expect(confirmation[0]!.text).toContain('https://shop.example/profile');
  expect(mails().every((m) => m.state === 'sent' && m.attempts === 1)).toBe(true);
});

it('SMTP down while orders come in, then up: each mail arrives once', async () => {
  startSender(); // nothing listens on the port yet
  const tee = await product('Dock Tee', 15);
  const shopper = await c.newShopper();
  const ids: number[] = [];
  for (let i = 0; i < 3; i++)
    ids.push(
      await c.placeOrder(shopper.token, [
        { productId: tee, qty: 1, selectedSize: 'M', selectedColor: 'Navy' },
      ]),
    );
  await until(
    () => mails().length === 7 && mails().every((m) => m.state === 'queued' && m.attempts >= 1),
    'failed first tries',
  );
  expect(mails()[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);
  sink = await startSmtpSink(SINK_PORT);
  offset = 60_000;
  sender!.kick();
  await until(() => mails().every((m) => m.state === 'sent'), 'every mail sent');
  const ids2 = sink.received.map((m) => m.messageId);
  expect(ids2).toHaveLength(7);
  expect(new Set(ids2).size).toBe(7);
  for (const id of ids)
    expect(sink.received.filter((m) => m.subject === `Your order #${id} at Threadline`)).toHaveLength(1);
});

it('a 550 marks the mail failed, and Retry sends it', async () => {
  sink = await startSmtpSink(SINK_PORT);
  sink.refuseWith(550);
  startSender();
  const shopper = await c.newShopper();
  await until(() => mails().some((m) => m.state === 'failed'), 'the welcome refused');
  const admin = await c.adminToken();
  const list = await c.call('adminMailList', { token: admin, query: { state: 'failed' } });
  expect(list.body).toMatchObject({ total: 1, delivering: true });
  const failed = list.body.items[0];
  expect(failed).toMatchObject({ kind: 'welcome', to: shopper.email, attempts: 1, account: true });
  expect(failed.lastError).toContain('550');
  // With SMTP on, an account mail's body is never shown to an admin.
  const detail = await c.call('adminMail', { token: admin, params: { id: failed.id } });
  expect(detail.body).toMatchObject({ html: null, text: null });
  sink.refuseWith(null);
  const retried = await c.call('adminMailRetry', { token: admin, params: { id: failed.id } });
  expect(retried.status).toBe(200);
  await until(() => sink!.received.length === 1, 'the retried welcome');
  expect(sink.received[0]!.subject).toBe('Welcome to Threadline');
  await until(() => mails().every((m) => m.state === 'sent'), 'recorded as sent');
  expect((await c.call('adminMailRetry', { token: admin, params: { id: failed.id } })).status).toBe(409);
});

it('CR/LF in a subject or recipient adds no header, and <script> in a name arrives as text', async () => {
  sink = await startSmtpSink(SINK_PORT);
  startSender();
  // The API already refuses control characters in names (contract/rules/text.ts); this is the mail's own guard.
  const { mail, deps } = srv.backend.core;
  const drafts = mail.queue(
    'welcome',
    ['eve@example.test', 'eve@example.test\r\nBcc: thief@evil.test'],
    () => ({
      subject: 'Hello\r\nBcc: thief@evil.test',
      body: html`<p>${'<script>alert(1)</script>'}</p>`,
      text: 'Hello',
    }),
  );
  await deps.stores.users.change(() => ({ result: undefined, mail: drafts }));
  await until(() => sink!.received.length === 1, 'the mail');
  const m = sink.received[0]!;
  expect(m.to).toEqual(['eve@example.test']);
  expect(m.subject).toBe('Hello Bcc: thief@evil.test');
  const headers = m.raw.split(/\r?\n\r?\n/)[0]!;
  expect(headers).toMatch(/^Subject: Hello Bcc: thief@evil.test$/m);
  expect(headers).not.toMatch(/^Bcc:/im);
  expect(m.html).not.toContain('<script>');
  expect(m.html).toContain('&lt;script&gt;');

  // A shopper whose name holds markup: the welcome shows it as text.
  const email = `markup-${Date.now()}@example.test`;
  const body = { name: '<script>alert(1)</script>', email, password: 'secret-pass', phone: '5550101234' };
  expect((await c.call('register', { body })).status).toBe(201);
  await until(() => sink!.received.length === 2, 'the welcome');
  expect(sink.received[1]!.html).not.toContain('<script>');
  expect(sink.received[1]!.html).toContain('Welcome, &lt;script&gt;alert(1)&lt;/script&gt;');
});
