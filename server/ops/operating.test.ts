/** Issue 30: metrics stay off the public port without their token, count orders, and readiness tells the truth. */
import { afterEach, describe, expect, it } from 'vitest';
import type { OpsTestServer } from '#server/test/ops-kit';
import { startOpsTestServer } from '#server/test/ops-kit';
import { SHIPPING } from '#tests/contract/client';
import { LEASE_MS } from '#server/core/mail/delivery';
import { testMailSettings, until } from '#server/test/mail-kit';

const TOKEN = 'metrics-token-0123456789';
const CART = [{ productId: 1, qty: 1, selectedSize: 'S', selectedColor: '#1e3a5f' }];

let s: OpsTestServer | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** A sample's value in Prometheus text, 0 when absent. */
function sample(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

describe('metrics', () => {
  it('are not on the public port when no token is set', async () => {
    s = await startOpsTestServer({ opsPort: true });
    const res = await fetch(`${s.baseUrl}/metrics`);
    expect(await res.text()).not.toContain('threadline_');
    const ops = await fetch(`${s.opsUrl}/metrics`);
    expect(ops.status).toBe(200);
    expect(await ops.text()).toContain('threadline_http_request_duration_seconds');
  });

  it('ask for the token on the public port, as a bearer', async () => {
    s = await startOpsTestServer({ metricsToken: TOKEN });
    expect((await fetch(`${s.baseUrl}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${s.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('threadline_');
    const right = await fetch(`${s.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toContain('text/plain');
    expect(await right.text()).toContain('threadline_orders_placed_total');
  });

  it('count orders placed and refused, sign-in failures, and time requests by route pattern', async () => {
    s = await startOpsTestServer({ opsPort: true });
    const text = async () => (await fetch(`${s!.opsUrl}/metrics`)).text();
    const before = await text();
    const shopper = await s.client.newShopper();
    await s.client.placeOrder(shopper.token, CART);
    await s.client.placeOrder(shopper.token, CART);
    const refused = await s.client.call('placeOrder', {
      token: shopper.token,
      body: { cart: [], shipping_address: '', payment_method: 'cod' },
    });
    expect(refused.status).toBe(400);
    await s.client.call('login', { body: { email: shopper.email, password: 'not-the-password' } });
    await s.client.call('getProduct', { params: { id: 1 } });
    await s.client.call('getProduct', { params: { id: 1 } });
    await expect
      .poll(async () => sample(await text(), 'threadline_orders_placed_total'))
      .toBe(sample(before, 'threadline_orders_placed_total') + 2);
    const after = await text();
    expect(sample(after, 'threadline_order_refusals_total{code="validation_failed"}')).toBe(1);
    expect(sample(after, 'threadline_sign_in_failures_total')).toBe(1);
    expect(sample(after, 'threadline_answer_cache_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(after).toContain('route="/api/products/:id",status="200"');
    expect(after).not.toContain('route="/api/products/1"');
  });
});

describe('readiness', () => {
  it('turns 503 with the reason when the data folder refuses writes, and back to 200', async () => {
    let refuse = false;
    s = await startOpsTestServer({
      beforeWrite: () => {
        // What a read-only or failing disk answers; as root, chmod would not stop a write.
        if (refuse) throw Object.assign(new Error('read-only file system'), { code: 'EROFS' });
      },
    });
    const ready = () => fetch(`${s!.baseUrl}/api/ready`);
    const shopper = await s.client.newShopper();
    expect((await ready()).status).toBe(200);
    refuse = true;
    const down = await ready();
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ reasons: ['data folder: cannot write (EROFS)'] });
    // The same disk refuses an order: readiness and the store agree.
    const order = await s.client.call('placeOrder', {
      token: shopper.token,
      body: { cart: CART, shipping_address: SHIPPING, payment_method: 'cod' },
    });
    expect(order.status).toBe(503);
    refuse = false;
    expect((await ready()).status).toBe(200);
    expect((await fetch(`${s.baseUrl}/api/health`)).status).toBe(200);
  });

  it('turns 503 when the mail outbox refuses: its table refuses the sender, or a round outlives the lease', async () => {
    let refuse = false;
    let offset = 0;
    const waiting: (() => void)[] = [];
    s = await startOpsTestServer({
      mail: testMailSettings({ delivering: true }),
      // An SMTP server that holds each mail until the test lets it go.
      mailTransport: { sendMail: () => new Promise<void>((resolve) => waiting.push(resolve)) },
      mailNow: () => Date.now() + offset,
      beforeWrite: () => {
        if (refuse) throw Object.assign(new Error('read-only file system'), { code: 'EROFS' });
      },
    });
    const ready = async () => {
      const res = await fetch(`${s!.baseUrl}/api/ready`);
      return {
        status: res.status,
        reasons: res.ok ? [] : ((await res.json()) as { reasons: string[] }).reasons,
      };
    };
    await s.client.newShopper(); // its welcome is claimed and waits on SMTP
    await until(() => waiting.length === 1, 'the welcome handed to SMTP');
    expect(await ready()).toEqual({ status: 200, reasons: [] });
    // SMTP hangs past the claim's lease: another instance would take the mail and send it again.
    offset = LEASE_MS + 1;
    expect(await ready()).toEqual({
      status: 503,
      reasons: ['mail outbox: a sending round has run past the 2-minute lease'],
    });
    // Back within the lease (else the mail would be due again and claimed anew once released).
    offset = 0;
    // SMTP accepts, but the store refuses the sender's record of it.
    refuse = true;
    waiting.shift()!();
    await s.sender!.idle();
    const down = await ready();
    expect(down.status).toBe(503);
    expect(down.reasons).toContainEqual(
      expect.stringMatching(/^mail outbox: the sender cannot record its work/),
    );
    refuse = false;
    s.sender!.kick();
    await s.sender!.idle();
    expect(await ready()).toEqual({ status: 200, reasons: [] });
  });

  it("the mail sender's lines carry the id of the request that caused the mail", async () => {
    s = await startOpsTestServer({
      mail: testMailSettings({ delivering: true }),
      mailTransport: { sendMail: () => Promise.resolve() },
    });
    const shopper = await s.client.newShopper();
    const res = await fetch(`${s.baseUrl}/api/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${shopper.token}`,
        'x-request-id': 'order-req-42',
      },
      body: JSON.stringify({ cart: CART, shipping_address: SHIPPING, payment_method: 'cod' }),
    });
    expect(res.status).toBe(201);
    const outbox = s.backend.core.deps.stores.mail!;
    await until(
      () => outbox.all().length >= 2 && outbox.all().every((m) => m.state === 'sent'),
      'mails sent',
    );
    await s.sender!.idle();
    const sent = s.logLines().filter((l) => l.msg === 'mail sent');
    const byRequest = (id: unknown) => sent.filter((l) => l.reqId === id).map((l) => l.kind);
    expect(byRequest('order-req-42')).toEqual(['order-confirmation', 'new-order']);
    // The welcome was caused by the sign-up, a request of its own.
    const welcome = sent.find((l) => l.kind === 'welcome')!;
    expect(welcome.reqId).toEqual(expect.any(String));
    expect(welcome.reqId).not.toBe('order-req-42');
  });

  it('turns 503 when the disk has less free space than the minimum (statfs)', async () => {
    s = await startOpsTestServer({ minFreeBytes: Number.MAX_SAFE_INTEGER });
    const res = await fetch(`${s.baseUrl}/api/ready`);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toMatch(/MB free, below the \d+ MB minimum/);
  });

  it('turns 503 at once when a graceful stop begins', async () => {
    s = await startOpsTestServer();
    expect((await fetch(`${s.baseUrl}/api/ready`)).status).toBe(200);
    s.readiness.stop();
    const res = await fetch(`${s.baseUrl}/api/ready`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ reasons: ['stopping: draining before shutdown'] });
  });
});
