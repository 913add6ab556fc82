/**
 * The hardening issue's reproductions, against the real Koa app on a temporary data folder: each was
 * accepted (or crashed, or was read) before; each is now refused with its 4xx and changes nothing.
 */
import { readdir, readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_LIMITS } from '#contract/limits';
import { openBackend } from '#server/boot';
import { createClient, SHIPPING } from '#tests/contract/client';
import type { TestServer } from '#server/test/test-server';
import { startTestServer, TEST_ADMIN } from '#server/test/test-server';

let srv: TestServer;
const c = createClient(() => ({ baseUrl: srv.baseUrl, admin: TEST_ADMIN }));

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const dataFiles = async (): Promise<Record<string, string>> => {
  const out: Record<string, string> = {};
  for (const dir of ['', 'orders']) {
    for (const f of await readdir(join(srv.dataDir, dir)).catch(() => [] as string[])) {
      if (f.endsWith('.json')) out[join(dir, f)] = await readFile(join(srv.dataDir, dir, f), 'utf8');
    }
  }
  return out;
};

const line = (over: Record<string, unknown> = {}) => ({
  productId: 1,
  qty: 1,
  selectedSize: 'M',
  selectedColor: '#ffffff',
  ...over,
});
const order = (cart: unknown[], shipping = SHIPPING) => ({
  cart,
  shipping_address: shipping,
  payment_method: 'cod',
});

describe('what may be stored', () => {
  it('100 lines x 100 of a product above USD 100 is refused, and the shop still starts', async () => {
    const s = await c.newShopper();
    const before = await dataFiles();
    const cart = Array.from({ length: 100 }, () =>
      line({ productId: 3, qty: 100, selectedColor: '#000000' }),
    );
    const r = await c.call('placeOrder', { token: s.token, body: order(cart) });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('validation_failed');
    // The 100 lines are one product, size and colour: merged first, then the per-line limit applies.
    expect(r.body.fields['cart.0.qty']).toMatch(/At most 100/);
    expect(await dataFiles()).toEqual(before);
  });

  it('an order over the total limit is refused with the limit in the message', async () => {
    const admin = await c.adminToken();
    const pricey = await c.call('createProduct', {
      token: admin,
      body: { title: 'Couture Gown', regular_price: 5000, sizes: ['M'], colors: ['red'] },
    });
    expect(pricey.status).toBe(201);
    const s = await c.newShopper();
    const before = await dataFiles();
    const cart = [line({ productId: pricey.body.id, qty: 30, selectedColor: 'red' })];
    const r = await c.call('placeOrder', { token: s.token, body: order(cart) });
    expect(r.status).toBe(400);
    expect(r.body.fields.cart).toMatch(/at most USD 100,000/);
    expect(await dataFiles()).toEqual(before);
    // Just under the limit is fine.
    const ok = await c.call('placeOrder', {
      token: s.token,
      body: order([line({ productId: pricey.body.id, qty: 19, selectedColor: 'red' })]),
    });
    expect(ok.status).toBe(201);
  });

  it('repeated lines of one variant merge before the limits', async () => {
    const s = await c.newShopper();
    const r = await c.call('placeOrder', {
      token: s.token,
      body: order([line({ qty: 2 }), line({ qty: 3, selectedSize: ' M ' }), line({ selectedSize: 'L' })]),
    });
    expect(r.status).toBe(201);
    const items = (await c.call('orderItems', { token: s.token, params: { id: r.body.orderId } })).body;
    expect(items.map((i: { size: string; qty: number }) => [i.size, i.qty])).toEqual([
      ['M', 5],
      ['L', 1],
    ]);
    const tooMany = Array.from({ length: ORDER_LIMITS.lines + 1 }, (_, i) => line({ selectedSize: `S${i}` }));
    const refused = await c.call('placeOrder', { token: s.token, body: order(tooMany) });
    expect(refused.status).toBe(400);
  });

  it('a long sizeId is a 400, a megabyte one a 413, and neither is stored', async () => {
    const s = await c.newShopper();
    const before = await dataFiles();
    const long = await c.call('placeOrder', {
      token: s.token,
      body: order([line({ sizeId: 'x'.repeat(1000) })]),
    });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.fields)).toContain('cart.0.sizeId');
    const huge = await c.call('placeOrder', {
      token: s.token,
      body: order([line({ sizeId: 'x'.repeat(1024 * 1024) })]),
    });
    expect(huge.status).toBe(413);
    expect(await dataFiles()).toEqual(before);
  });
});

describe('bodies', () => {
  it('a JSON route refuses other content types with 415 (a cross-site form cannot log in)', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const r = await c.raw('/auth/login', {
        method: 'POST',
        headers: { 'content-type': type },
        body: JSON.stringify(TEST_ADMIN),
      });
      expect(r.status, type).toBe(415);
      expect(await r.json()).toMatchObject({ code: 'unsupported_media_type' });
    }
    const ok = await c.raw('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(TEST_ADMIN),
    });
    expect(ok.status).toBe(200);
  });

  it('auth routes take a small body only', async () => {
    const r = await c.call('login', {
      rawBody: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(20_000) }),
    });
    expect(r.status).toBe(413);
  });

  it('the caller is checked before a large body is read', async () => {
    // Headers announce 16 MB and no byte of it is sent: the answer must come without waiting for it.
    const answer = await new Promise<string>((resolve, reject) => {
      const url = new URL(srv.baseUrl);
      const sock = connect(Number(url.port), url.hostname, () => {
        sock.write(
          'POST /api/products/1/images HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
            `Content-Length: ${16 * 1024 * 1024}\r\n\r\n`,
        );
      });
      let text = '';
      sock.on('data', (d) => {
        text += d.toString();
        if (text.includes('\r\n\r\n')) {
          sock.destroy();
          resolve(text);
        }
      });
      sock.on('error', reject);
      setTimeout(() => reject(new Error('no answer within 3 s: the body was awaited')), 3000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
  });
});

describe("the spec's own calls", () => {
  it("an order whose shipping_address holds only the spec's fields is accepted, with shipping", async () => {
    const s = await c.newShopper();
    const spec = JSON.stringify({
      name: 'Spec Client',
      order_address: 'Flat 2, 1 Main St, Springfield, USA, IL',
      phone: '5550101234',
      email: 'spec@example.test',
      notes: '',
    });
    const r = await c.call('placeOrder', { token: s.token, body: order([line()], spec) });
    expect(r.status).toBe(201);
    const [placed] = (await c.call('myOrders', { token: s.token })).body;
    expect(placed.total).toBe(39.99); // 19.99 + 20 shipping
    const noAddress = JSON.stringify({ name: 'Spec Client', order_address: ' ', phone: '5550101234' });
    const bad = await c.call('placeOrder', { token: s.token, body: order([line()], noAddress) });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ order_address: 'Address is required' });
  });

  it('a reused Idempotency-Key with another cart is a 422; the same request answers the original', async () => {
    const s = await c.newShopper();
    const headers = { 'idempotency-key': `key-${Date.now()}` };
    const first = await c.call('placeOrder', { token: s.token, headers, body: order([line()]) });
    expect(first.status).toBe(201);
    const again = await c.call('placeOrder', { token: s.token, headers, body: order([line()]) });
    expect(again.body.orderId).toBe(first.body.orderId);
    const other = await c.call('placeOrder', { token: s.token, headers, body: order([line({ qty: 2 })]) });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_key_reused');
    // Racing: two different bodies under one new key, in flight together.
    const k = { 'idempotency-key': `race-${Date.now()}` };
    const [a, b] = await Promise.all([
      c.call('placeOrder', { token: s.token, headers: k, body: order([line()]) }),
      c.call('placeOrder', { token: s.token, headers: k, body: order([line({ selectedSize: 'L' })]) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 422]);
    expect((await c.call('myOrders', { token: s.token })).body).toHaveLength(2);
  });

  it("the countries service's not-found answer carries message and code", async () => {
    const r = await c.call('countryStates', { body: { country: 'Atlantis' } });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ error: true, message: 'Country not found', code: 'not_found' });
  });
});

describe('request budgets', () => {
  it('registration: 20 a minute per address, then 429 with Retry-After and the error shape', async () => {
    const local = await startTestServer();
    try {
      const reg = (i: number) =>
        fetch(`${local.baseUrl}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'R',
            email: `r${i}@example.test`,
            password: 'secret-1',
            phone: '5550101234',
          }),
        });
      for (let i = 0; i < 20; i++) expect((await reg(i)).status).toBe(201);
      const r = await reg(20);
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await r.json()).toMatchObject({ code: 'too_many_requests' });
    } finally {
      await local.close();
    }
  });

  it('orders: 30 a minute per account; RATE_LIMITS=off lifts the budgets', async () => {
    for (const rateLimits of [true, false]) {
      const local = await startTestServer({ rateLimits });
      const lc = createClient(() => ({ baseUrl: local.baseUrl, admin: TEST_ADMIN }));
      try {
        const s = await lc.newShopper();
        const statuses: number[] = [];
        for (let i = 0; i < 31; i++)
          statuses.push((await lc.call('placeOrder', { token: s.token, body: order([line()]) })).status);
        expect(statuses.slice(0, 30).every((st) => st === 201)).toBe(true);
        expect(statuses[30]).toBe(rateLimits ? 429 : 201);
      } finally {
        await local.close();
      }
    }
  });
});

describe('after all of the above', () => {
  it('everything accepted loads again: a restart on the same folder starts with no quarantine', async () => {
    await srv.backend.close();
    const again = await openBackend({
      dataDir: srv.dataDir,
      databaseUrl: srv.databaseUrl,
      log: () => undefined,
    });
    try {
      expect(again.core.orders.all().length).toBeGreaterThan(0);
      // Files only on disk: on PostgreSQL the database refuses what breaks its columns at the write.
      const files = srv.databaseUrl
        ? []
        : [...(await readdir(srv.dataDir)), ...(await readdir(join(srv.dataDir, 'orders')))];
      expect(files.filter((f) => f.includes('quarantine'))).toEqual([]);
    } finally {
      await again.close();
    }
  });
});
