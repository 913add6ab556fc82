import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { productListResponseSchema, productSchema } from '#contract/schemas/product';
import { userSchema } from '#contract/schemas/user';
import { PNG_DATA_URL } from '#tests/contract/client';
import { demoStore } from './demo-source';
import { demoShopperCredentials, getMockToken, MOCK_ADMIN, resetMockStore } from './mock-store';
import { server } from './node';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetMockStore());
afterAll(() => server.close());

const api = (path: string, init?: RequestInit) => fetch(`http://localhost/api${path}`, init);

it('serves the generated demo catalogue', async () => {
  const body = productListResponseSchema.parse(await (await api('/products?limit=100')).json());
  expect(body.total).toBe(demoStore().products.length);
});

it('hands out tokens for the demo shopper and the mock admin', async () => {
  const shopper = userSchema.parse(
    await (
      await api('/auth/me', { headers: { authorization: `Bearer ${await getMockToken('shopper')}` } })
    ).json(),
  );
  expect(shopper).toMatchObject({ email: demoShopperCredentials().email, is_admin: 0 });
  const admin = userSchema.parse(
    await (
      await api('/auth/me', { headers: { authorization: `Bearer ${await getMockToken('admin')}` } })
    ).json(),
  );
  expect(admin).toMatchObject({ email: MOCK_ADMIN.email, is_admin: 1 });
  const login = await api('/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoShopperCredentials()),
  });
  expect(login.status).toBe(200);
});

it('keeps uploads in memory and serves them under /uploads', async () => {
  const token = await getMockToken('admin');
  const res = await api('/products', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Mock Tee', regular_price: 10, image: PNG_DATA_URL }),
  });
  const product = productSchema.parse(await res.json());
  const img = await fetch(`http://localhost${product.featured_image ?? ''}`);
  expect(img.status).toBe(200);
  expect(img.headers.get('content-type')).toBe('image/png');
});

it('resetMockStore brings the seeded state back', async () => {
  const token = await getMockToken('admin');
  await api('/products/1', { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  expect((await api('/products/1')).status).toBe(404);
  await resetMockStore();
  expect((await api('/products/1')).status).toBe(200);
});
