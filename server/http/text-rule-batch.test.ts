/**
 * Issue 24, hole 2: one shopper's NUL must not fail other shoppers' writes. PostgreSQL refuses NUL in text, and
 * the orders placed while a write is in flight go to the database as one group commit, so before the text
 * rule (contract/rules/text.ts) one order with `"A\u0000B"` as its shipping name rolled back every order of its
 * batch with a 503. Runs on lowdb in the node project and on PostgreSQL in node-pg (vitest.config.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Row, Table } from '#server/core/ports';
import { TEXT_RULE_MESSAGE } from '#contract/rules/text';
import { createClient, SHIPPING } from '#tests/contract/client';
import type { TestServer } from '#server/test/test-server';
import { startTestServer, TEST_ADMIN } from '#server/test/test-server';
import { tinyDemoStore } from '#server/test/tiny-seed';

let srv: TestServer;
const client = createClient(() => ({ baseUrl: srv.baseUrl, admin: TEST_ADMIN }));

beforeAll(async () => {
  srv = await startTestServer({ rateLimits: false });
});
afterAll(() => srv.close());

const SHOPPERS = 24;
const ROUNDS = 4;

it('a NUL in one order of a concurrent group leaves every other order accepted', async () => {
  const product = tinyDemoStore().products.find((p) => !p.inventory)!;
  const cart = [
    {
      productId: product.id,
      qty: 1,
      selectedSize: product.sizes[0] ?? '',
      selectedColor: product.colors[0] ?? '',
    },
  ];
  const shoppers = await Promise.all(Array.from({ length: SHOPPERS + 1 }, () => client.newShopper()));
  const bad = JSON.stringify({ ...(JSON.parse(SHIPPING) as object), name: 'A\u0000B' });
  const before = srv.backend.core.orders.all().length;
  for (let round = 0; round < ROUNDS; round++) {
    const answers = await Promise.all(
      shoppers.map((s, i) =>
        client.call('placeOrder', {
          token: s.token,
          // The bad order goes out in the middle of the group, so it shares a batch with good ones.
          body: { cart, shipping_address: i === SHOPPERS / 2 ? bad : SHIPPING, payment_method: 'cod' },
        }),
      ),
    );
    const refused = answers.splice(SHOPPERS / 2, 1)[0]!;
    expect(answers.map((a) => a.status)).toEqual(Array(SHOPPERS).fill(201));
    expect(refused.status).toBe(400);
    expect(refused.body.fields['shipping_address.name']).toBe(TEXT_RULE_MESSAGE);
  }
  expect(srv.backend.core.orders.all().length).toBe(before + SHOPPERS * ROUNDS);
});

it('a row that breaks the rule is refused on its own, before the batch, whatever wrote it', async () => {
  // Straight at the table, past every request schema: the row rule alone keeps the batch whole.
  const categories = srv.backend.core.deps.stores.categories as unknown as Table<Row>;
  const put = (name: string) =>
    categories.change((_get, nextId) => {
      const id = nextId();
      return { put: [{ id, name, slug: `batch-${id}`, image: null }], result: id };
    });
  const results = await Promise.allSettled(
    ['Batch one', 'Bad\u0000one', 'Batch two', 'X\ud800Y', 'Batch three'].map(put),
  );
  expect(results.map((r) => r.status)).toEqual([
    'fulfilled',
    'rejected',
    'fulfilled',
    'rejected',
    'fulfilled',
  ]);
  const refusal = (results[1] as PromiseRejectedResult).reason as {
    code?: string;
    fields?: Record<string, string>;
  };
  expect(refusal).toMatchObject({ code: 'validation_failed', fields: { name: TEXT_RULE_MESSAGE } });
  const names = categories.all().map((c) => (c as unknown as { name: string }).name);
  expect(names).toEqual(expect.arrayContaining(['Batch one', 'Batch two', 'Batch three']));
  expect(names.filter((n) => n.includes('\u0000') || n.includes('\ud800'))).toEqual([]);
});
