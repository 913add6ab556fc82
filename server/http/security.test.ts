/** The server trusts nothing from the client: each hostile request gets its 4xx and changes nothing. */
import { readdir, readFile } from 'node:fs/promises';
import { storedRows, storedText } from '#server/test/stored-rows';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointName } from '#contract/endpoints';
import { endpoints } from '#contract/endpoints';
import { bigPngDataUrl, createClient, PNG_DATA_URL, SHIPPING, SVG_DATA_URL } from '#tests/contract/client';
import type { TestServer } from '#server/test/test-server';
import { startTestServer, TEST_ADMIN } from '#server/test/test-server';

let srv: TestServer;
const c = createClient(() => ({ baseUrl: srv.baseUrl, admin: TEST_ADMIN }));

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const ordersOnDisk = async (): Promise<unknown[]> => {
  const dir = join(srv.dataDir, 'orders');
  const shards = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.json'));
  const texts = await Promise.all(shards.map((f) => readFile(join(dir, f), 'utf8')));
  return texts.flatMap((t) => (JSON.parse(t) as { rows: unknown[] }).rows);
};
const uploads = () => readdir(join(srv.dataDir, 'uploads'));

describe('orders', () => {
  const cart = (over: Record<string, unknown>) => [
    { productId: 1, qty: 1, selectedSize: 'M', selectedColor: '#ffffff', ...over },
  ];

  it('ignores tampered prices: the total comes from the catalogue', async () => {
    const s = await c.newShopper();
    const r = await c.call('placeOrder', {
      token: s.token,
      body: {
        cart: cart({ qty: 3, price: 0.01 }),
        shipping_address: SHIPPING,
        payment_method: 'cod',
        total: 1,
      },
    });
    expect(r.status).toBe(201);
    const [order] = (await c.call('myOrders', { token: s.token })).body;
    // Product 1 of the seed: regular 25, sale 19.99 -> 3 x 19.99 + 20 shipping.
    expect(order.total).toBe(79.97);
    const items = (await c.call('orderItems', { token: s.token, params: { id: r.body.orderId } })).body;
    expect(items[0].price).toBe(19.99);
  });

  it.each([-1, 0, 1.5, 101, '2'])('quantity %s is a 400 and nothing is stored', async (qty) => {
    const s = await c.newShopper();
    const before = (await ordersOnDisk()).length;
    const r = await c.call('placeOrder', {
      token: s.token,
      body: { cart: cart({ qty }), shipping_address: SHIPPING, payment_method: 'cod' },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('validation_failed');
    expect(await ordersOnDisk()).toHaveLength(before);
  });

  it("another user's order items are a 404, like a missing order", async () => {
    const a = await c.newShopper();
    const b = await c.newShopper();
    const id = (
      await c.call('placeOrder', {
        token: a.token,
        body: { cart: cart({}), shipping_address: SHIPPING, payment_method: 'cod' },
      })
    ).body.orderId;
    const r = await c.call('orderItems', { token: b.token, params: { id } });
    expect(r.status).toBe(404);
    expect(r.body).toEqual((await c.call('orderItems', { token: b.token, params: { id: 987_654 } })).body);
  });
});

describe('roles', () => {
  const adminCalls = (Object.keys(endpoints) as EndpointName[]).filter(
    (n) => endpoints[n].access === 'admin',
  );

  it('a shopper gets 403 on every admin route, and nothing changes', async () => {
    expect(adminCalls.length).toBeGreaterThanOrEqual(9);
    const s = await c.newShopper();
    const productsBefore = await c.call('listProducts', { query: { limit: 100 } });
    for (const name of adminCalls) {
      const r = await c.call(name, {
        token: s.token,
        params: { id: 1 },
        body: {
          name: 'X',
          title: 'X',
          regular_price: 1,
          image: PNG_DATA_URL,
          images: [PNG_DATA_URL],
          status: 'completed',
        },
      });
      expect(r.status, name).toBe(403);
      expect(r.body.code).toBe('forbidden');
    }
    expect((await c.call('listProducts', { query: { limit: 100 } })).body).toEqual(productsBefore.body);
  });

  it('and 401 without a token', async () => {
    for (const name of adminCalls)
      expect((await c.call(name, { params: { id: 1 }, body: {} })).status, name).toBe(401);
  });

  it('is_admin in a register body is ignored', async () => {
    const r = await c.call('register', {
      body: {
        name: 'Mallory',
        email: `m-${Date.now()}@example.test`,
        password: 'secret1',
        phone: '03001234567',
        is_admin: 1,
        isAdmin: true,
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.user.is_admin).toBe(0);
    expect((await c.call('listOrders', { token: r.body.token })).status).toBe(403);
    const row = (await storedRows(srv, 'users')).find((u) => u.id === r.body.user.id);
    expect(row?.is_admin).toBe(0);
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    expect(await storedText(srv, 'users')).not.toContain('secret1');
  });
});

describe('images', () => {
  it('an SVG is a 415 and a 3 MB image a 413, with nothing stored', async () => {
    const admin = await c.adminToken();
    const files = await uploads();
    const count = (await c.call('listProducts', { query: { limit: 100 } })).body.total;
    const form = { title: 'Hostile', description: '', regular_price: 1, image: SVG_DATA_URL };
    expect((await c.call('createProduct', { token: admin, body: form })).status).toBe(415);
    const big = await c.call('createProduct', {
      token: admin,
      body: { ...form, image: bigPngDataUrl(3 * 1024 * 1024) },
    });
    expect(big.status).toBe(413);
    const gallery = await c.call('addProductImages', {
      token: admin,
      params: { id: 1 },
      body: { images: [PNG_DATA_URL, bigPngDataUrl(2 * 1024 * 1024 + 1)] },
    });
    expect(gallery.status).toBe(413);
    expect(
      (
        await c.call('createCategory', {
          token: admin,
          body: { name: 'Bad', image: 'data:image/png;base64,@@@' },
        })
      ).status,
    ).toBe(400);
    expect(await uploads()).toEqual(files);
    expect((await c.call('listProducts', { query: { limit: 100 } })).body.total).toBe(count);
    expect((await c.call('getProduct', { params: { id: 1 } })).body.images).toHaveLength(1);
  });

  it('a 2 MB image is accepted and stored once under its content hash', async () => {
    const admin = await c.adminToken();
    const img = bigPngDataUrl(2 * 1024 * 1024);
    const a = await c.call('createProduct', {
      token: admin,
      body: { title: 'Big', regular_price: 1, image: img },
    });
    const b = await c.call('createProduct', {
      token: admin,
      body: { title: 'Big again', regular_price: 1, image: img },
    });
    expect(a.status).toBe(201);
    expect(b.body.featured_image).toBe(a.body.featured_image);
    const res = await fetch(`${srv.baseUrl}${a.body.featured_image as string}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect((await res.arrayBuffer()).byteLength).toBe(2 * 1024 * 1024);
  });
});

describe('requests', () => {
  it('malformed JSON is a 400 on every body-taking route', async () => {
    const s = await c.newShopper();
    for (const name of ['login', 'register', 'placeOrder', 'changePassword'] as const) {
      const r = await c.call(name, { token: s.token, rawBody: '{"cart": [' });
      expect(r.status, name).toBe(400);
      expect(r.body.code).toBe('bad_request');
    }
  });

  it('a body over the limit is a 413, never a 5xx', async () => {
    const r = await c.call('login', {
      rawBody: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(5 * 1024 * 1024) }),
    });
    expect(r.status).toBe(413);
  });

  it('unknown API paths are JSON 404s; stack traces never leak', async () => {
    for (const path of ['/api', '/api/', '/api/nope/deeper', '/api/products/1/images']) {
      const r = await fetch(`${srv.baseUrl}${path}`);
      expect(r.status, path).toBe(404);
      expect(await r.json()).toMatchObject({ code: 'not_found' });
    }
    const weird = await fetch(`${srv.baseUrl}/api/products/%E0%A4%A`);
    expect(weird.status).toBeLessThan(500);
    expect(await weird.text()).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('sessions', () => {
  it('duplicate e-mail 409, wrong old password 400, password change revokes other tokens, logout revokes', async () => {
    const s = await c.newShopper();
    expect(
      await c.status('register', {
        body: { name: 'Dup', email: s.email.toUpperCase(), password: 'secret1', phone: '03001234567' },
      }),
    ).toBe(409);
    const second = (await c.call('login', { body: { email: s.email, password: s.password } })).body
      .token as string;
    expect(
      await c.status('changePassword', {
        token: s.token,
        body: { oldPassword: 'bad-old', newPassword: 'brand-new' },
      }),
    ).toBe(400);
    expect((await c.call('me', { token: second })).status).toBe(200);
    expect(
      await c.status('changePassword', {
        token: s.token,
        body: { oldPassword: s.password, newPassword: 'brand-new' },
      }),
    ).toBe(200);
    expect((await c.call('me', { token: second })).status).toBe(401);
    expect((await c.call('logout', { token: s.token })).status).toBe(200);
    expect((await c.call('me', { token: s.token })).status).toBe(401);
    expect(await storedText(srv, 'sessions')).not.toContain(second);
  });

  it('ten wrong passwords for one e-mail give 429 until the window passes, even with the right one', async () => {
    const s = await c.newShopper();
    for (let i = 0; i < 10; i++) {
      expect((await c.call('login', { body: { email: s.email, password: `wrong-${i}` } })).status).toBe(401);
    }
    const r = await c.call('login', { body: { email: s.email, password: s.password } });
    expect(r.status).toBe(429);
    expect(r.body.code).toBe('too_many_requests');
    expect((await c.call('me', { token: s.token })).status).toBe(200);
  });
});
