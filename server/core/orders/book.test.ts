/**
 * The order book against a plain recomputation from the table's rows, after random sequences of
 * placements, status changes (in and out of "cancelled", and to statuses from older data), removals
 * and batched commits, with times that tie or arrive out of order, built before or after the changes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCents } from '#contract/rules/money';
import { matchesOrderSearch, orderSearch } from '#contract/rules/order-search';
import { ORDER_STATUSES } from '#contract/schemas/order';
import { createMemoryStores } from '#server/store/memory-store';
import { createOrderBook } from './book';
import { orderIdPage } from './pages';
import type { Table } from '../ports';
import type { StoredOrder } from '../records';

const NAMES = ['Ann Lee', 'ann lee', 'Bob Stone', 'Zoë Ray'];
const EMAILS = ['ann@x.test', 'bob@y.test', 'ZOE@Z.TEST'];
const STATUSES = [...ORDER_STATUSES, 'on-hold'];

const orderRow = (
  id: number,
  at: number,
  o: { name: string; email: string; status: string; items: number[][] },
): StoredOrder => ({
  id,
  user_id: 1,
  name: o.name,
  email: o.email,
  total: o.items.reduce((s, [, qty]) => s + qty! * 2.5, 0) + 0.1,
  payment_method: 'cod',
  status: o.status,
  created_at: new Date(Date.UTC(2030, 0, 1) + at * 1000).toISOString(),
  shipping_address: '{}',
  status_history: [],
  items: o.items.map(([product, qty], k) => ({
    id: id * 1000 + k + 1,
    product_id: product!,
    product_title: `Product ${product}`,
    qty: qty!,
    size: '',
    color: '',
    price: 2.5,
    size_id: null,
  })),
  idempotency_key: null,
});

const orderArb = fc.record({
  name: fc.constantFrom(...NAMES),
  email: fc.constantFrom(...EMAILS),
  status: fc.constantFrom(...STATUSES),
  items: fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 5 })), {
    minLength: 1,
    maxLength: 3,
  }),
});
const commandArb = fc.oneof(
  fc.record({ kind: fc.constant('place' as const), at: fc.integer({ min: 0, max: 40 }), order: orderArb }),
  fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), status: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
);
const queryArb = fc.record({
  page: fc.integer({ min: 1, max: 5 }),
  limit: fc.integer({ min: 1, max: 7 }),
  status: fc.option(fc.constantFrom(...ORDER_STATUSES), { nil: undefined }),
  q: fc.option(fc.constantFrom('ann', 'LEE', 'bob@', 'z.test', 'zoë', ' ', 'nobody', '#3', '5', '12'), {
    nil: undefined,
  }),
});

const byNewest = (a: StoredOrder, b: StoredOrder) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id;

/** What the book must answer, computed the slow way. */
function recount(rows: readonly StoredOrder[]) {
  const counts = Object.fromEntries(
    ORDER_STATUSES.map((s) => [s, rows.filter((o) => o.status === s).length]),
  );
  const live = rows.filter((o) => o.status !== 'cancelled');
  const qty = new Map<number, number>();
  for (const o of live)
    for (const it of o.items) qty.set(it.product_id, (qty.get(it.product_id) ?? 0) + it.qty);
  const best = [...qty].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 10);
  return {
    counts: { all: rows.length, ...counts },
    sales: { cents: live.reduce((s, o) => s + toCents(o.total), 0), orders: live.length },
    best: best.map(([product_id, total_qty]) => ({ product_id, total_qty })),
  };
}

type Command = typeof commandArb extends fc.Arbitrary<infer C> ? C : never;

/** One command as a table change; an id picked from rows another queued change removes is skipped. */
function send(table: Table<StoredOrder>, c: Command): Promise<null> {
  const ids = table.all().map((o) => o.id);
  if (c.kind === 'place')
    return table.change((_get, nextId) => ({ put: [orderRow(nextId(), c.at, c.order)], result: null }));
  const id = ids[c.pick % Math.max(ids.length, 1)];
  return table.change((get) => {
    const row = id === undefined ? undefined : get(id);
    if (!row) return { result: null };
    return c.kind === 'status'
      ? { put: [{ ...row, status: c.status }], result: null }
      : { remove: [row.id], result: null };
  });
}

/** The first commands all queued at once (they land as one commit or a few), the rest one by one. */
async function run(table: Table<StoredOrder>, commands: Command[]): Promise<void> {
  const half = Math.floor(commands.length / 2);
  await Promise.all(commands.slice(0, half).map((c) => send(table, c)));
  for (const c of commands.slice(half)) await send(table, c);
}

describe('order book', () => {
  it('keeps counts, sales, best sellers and pages equal to a recount, through any commits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(commandArb, { maxLength: 40 }),
        fc.boolean(),
        fc.array(queryArb, { minLength: 1, maxLength: 6 }),
        async (commands, builtFirst, queries) => {
          const table = createMemoryStores().orders;
          const book = createOrderBook(table);
          if (builtFirst) book.read();
          await run(table, commands);
          const rows = table.all();
          const want = recount(rows);
          for (const b of [book.read(), createOrderBook(table).read()]) {
            expect(b.stats.counts()).toEqual(want.counts);
            expect(b.stats.sales()).toEqual(want.sales);
            expect(
              b.stats.bestSellers(10).map(({ product_id, total_qty }) => ({ product_id, total_qty })),
            ).toEqual(want.best);
            for (const q of queries) {
              const search = orderSearch(q.q);
              const matching = [...rows]
                .filter(
                  (o) =>
                    (!q.status || o.status === q.status) &&
                    (search.text === '' || matchesOrderSearch(search, o)),
                )
                .sort(byNewest);
              const skip = (q.page - 1) * q.limit;
              const got = orderIdPage(b, (id) => table.get(id), q);
              expect(got.total).toBe(matching.length);
              expect(got.ids).toEqual(matching.slice(skip, skip + q.limit).map((o) => o.id));
              expect(got.counts).toEqual(want.counts);
            }
          }
        },
      ),
      { numRuns: 300, seed: 13 },
    );
  });

  it('a batch of changes in one commit moves the totals once per row', async () => {
    const table = createMemoryStores().orders;
    const book = createOrderBook(table);
    book.read();
    const one = { name: 'Ann Lee', email: 'ann@x.test', status: 'pending', items: [[1, 2]] };
    await table.change((_g, next) => ({
      put: [orderRow(next(), 1, one), orderRow(next(), 1, one)],
      result: null,
    }));
    await table.change((get) => ({
      put: [
        { ...get(1)!, status: 'cancelled' },
        { ...get(2)!, status: 'shipped' },
      ],
      result: null,
    }));
    expect(book.read().stats.counts()).toMatchObject({ all: 2, pending: 0, cancelled: 1, shipped: 1 });
    expect(book.read().stats.sales()).toEqual({ cents: 510, orders: 1 });
    expect(
      orderIdPage(book.read(), (id) => table.get(id), { page: 1, limit: 5, status: 'shipped' }).ids,
    ).toEqual([2]);
  });
});
