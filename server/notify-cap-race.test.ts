/**
 * The back-in-stock cap holds under a race (issue 24, hole 4): 120 concurrent notify-me calls of one
 * shopper, each on another sold-out variant, leave exactly LIMITS.stockRequests (100) requests, and a
 * restock of them all stores 100 notifications. The budgets are lifted (RATE_LIMITS=off) so the notify
 * budget of 60 a minute cannot hide the race. The node-pg project runs this file on PostgreSQL too.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LIMITS } from '#contract/limits';
import { createClient } from '#tests/contract/client';
import type { TestServer } from './test/test-server';
import { startTestServer, TEST_ADMIN } from './test/test-server';

const SIZES = Array.from({ length: 12 }, (_, i) => `S${i + 1}`);
const COLORS = Array.from({ length: 10 }, (_, i) => `c${i + 1}`);
const VARIANTS = SIZES.flatMap((size) => COLORS.map((color) => ({ size, color })));

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ rateLimits: false });
});
afterAll(() => srv.close());

it('120 concurrent notify-me calls of one shopper leave exactly 100 requests, and a restock 100 notifications', async () => {
  const c = createClient(() => ({ baseUrl: srv.baseUrl, admin: TEST_ADMIN }));
  const admin = await c.adminToken();
  const form = (quantity: number) => ({
    title: 'Sold Out Everywhere Tee',
    regular_price: 20,
    sale_price: null,
    sizes: SIZES,
    colors: COLORS,
    inventory: VARIANTS.map((v) => ({ ...v, quantity })),
  });
  const created = await c.call('createProduct', { token: admin, body: form(0) });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const shopper = await c.newShopper();

  const statuses = await Promise.all(
    VARIANTS.map((body) => c.status('notifyMe', { token: shopper.token, params: { id }, body })),
  );
  expect(statuses.filter((s) => s === 200)).toHaveLength(LIMITS.stockRequests);
  expect(statuses.filter((s) => s === 409)).toHaveLength(VARIANTS.length - LIMITS.stockRequests);

  const stored = () =>
    srv.backend.core.deps.stores.stockRequests.all().filter((r) => r.user_id === shopper.id);
  expect(stored()).toHaveLength(LIMITS.stockRequests);
  const listed = await c.call('myStockRequests', { token: shopper.token });
  expect(listed.body).toHaveLength(LIMITS.stockRequests);

  expect((await c.call('updateProduct', { token: admin, params: { id }, body: form(5) })).status).toBe(200);
  await srv.backend.core.stockAlerts.settled();
  const notes = srv.backend.core.deps.stores.notifications.all().filter((n) => n.user_id === shopper.id);
  expect(notes).toHaveLength(LIMITS.stockRequests);
  expect(stored()).toHaveLength(0);
});
