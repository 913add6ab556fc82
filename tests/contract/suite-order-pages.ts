/**
 * GET /orders at scale (issue 13, item 5): the plain list stays the spec's without parameters; with
 * page, limit, status or q it is a page `{ items, total, counts }`, newest first; and the counts and
 * the sales report (running totals on the server) equal a recount from the plain list. The orders are
 * placed by the admin (any account may order), so the suite's registration budget is not touched, and
 * carry a name and e-mail of this run's own, so the searches find only them in the shared store.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { ORDER_STATUSES } from '#contract/schemas/order';
import type { ContractClient } from './client';
import { SHIPPING } from './client';

interface Ctx {
  admin: string;
  stranger: string;
  tee: number;
  tote: number;
}

interface Listed {
  id: number;
  status: string;
  total: number;
  created_at: string;
}

const newestFirst = (a: Listed, b: Listed) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id;

export function orderPagesTests(c: ContractClient, ctx: () => Ctx): void {
  const tag = `pgor${Date.now().toString(36)}`;
  const who = {
    pat: { name: `Pat ${tag}`, email: `${tag}-pat@example.test` },
    quinn: { name: `Quinn ${tag}`, email: `${tag}-quinn@example.test` },
  };
  const placed: Record<keyof typeof who, number[]> = { pat: [], quinn: [] };
  /** Every order of this run with the tag in its name, whatever its customer. */
  const tagged: number[] = [];

  const place = async (customer: { name: string; email: string }, productId: number, qty: number) => {
    const shipping = JSON.stringify({ ...JSON.parse(SHIPPING), ...customer });
    // The tee comes in sizes and colours, the tote in neither.
    const options = productId === ctx().tee ? { selectedSize: 'M', selectedColor: '#0000ff' } : {};
    const line = { productId, qty, selectedSize: '', selectedColor: '', ...options };
    const r = await c.call('placeOrder', {
      token: ctx().admin,
      body: { cart: [line], shipping_address: shipping, payment_method: 'cod' },
    });
    expect(r.status).toBe(201);
    return r.body.orderId as number;
  };
  const list = (query: Record<string, string | number> = {}, token = ctx().admin) =>
    c.call('listOrders', { token, query });
  const plain = async (): Promise<Listed[]> => {
    const r = await list();
    expect(Array.isArray(r.body)).toBe(true);
    return r.body;
  };
  const setStatus = (id: number, status: string) =>
    c.call('updateOrderStatus', { token: ctx().admin, params: { id }, body: { status } });
  const tally = (orders: Listed[]) => ({
    all: orders.length,
    ...Object.fromEntries(ORDER_STATUSES.map((s) => [s, orders.filter((o) => o.status === s).length])),
  });
  const ids = (r: { body: { items: { id: number }[] } }) => r.body.items.map((o) => o.id);

  it('GET /orders without parameters: the plain list, newest first; unknown parameters change nothing', async () => {
    tagged.push(await place(who.pat, ctx().tote, 1));
    const all = await plain();
    expect([...all].sort(newestFirst)).toEqual(all);
    expect((await list({ sort: 'oldest', foo: 'bar' })).body).toEqual(all);
  });

  it('GET /orders?page&limit: pages newest first, with the total and the counts per status', async () => {
    placed.pat.push(await place(who.pat, ctx().tee, 1), await place(who.pat, ctx().tote, 2));
    placed.quinn.push(await place(who.quinn, ctx().tee, 1), await place(who.quinn, ctx().tote, 1));
    tagged.push(...placed.pat, ...placed.quinn);
    const all = await plain();
    const pages = await Promise.all([1, 2, 3, 4].map((page) => list({ q: tag, limit: 2, page })));
    expect(pages.map((p) => p.body.total)).toEqual([5, 5, 5, 5]);
    expect(pages.map((p) => p.body.items.length)).toEqual([2, 2, 1, 0]);
    expect(pages.flatMap(ids)).toEqual(all.filter((o) => tagged.includes(o.id)).map((o) => o.id));
    const first = await list({ page: 1, limit: 3 });
    expect(first.status).toBe(200);
    expect(first.body.items).toEqual(all.slice(0, 3));
    expect(first.body.total).toBe(all.length);
    expect(first.body.counts).toEqual(tally(all));
    expect((await list({ page: 1 })).body.items).toEqual(all.slice(0, 20));
    expect((await list({ limit: 1, page: 2 })).body.items).toEqual(all.slice(1, 2));
  });

  it('GET /orders?status&q: by status, by any part of the name or e-mail in any case, by order id', async () => {
    const [shipped] = placed.pat;
    const [cancelled] = placed.quinn;
    expect((await setStatus(shipped!, 'shipped')).status).toBe(200);
    expect((await setStatus(cancelled!, 'cancelled')).status).toBe(200);
    expect(ids(await list({ q: tag, status: 'shipped' }))).toEqual([shipped]);
    expect(ids(await list({ q: tag.toUpperCase(), status: 'cancelled' }))).toEqual([cancelled]);
    expect((await list({ q: `PAT ${tag.toUpperCase()}` })).body.total).toBe(3);
    expect(ids(await list({ q: ` ${tag}-quinn@ ` }))).toEqual([...placed.quinn].sort((a, b) => b - a));
    expect(ids(await list({ q: `#${shipped}` }))).toEqual([shipped]);
    expect(ids(await list({ q: String(shipped) }))).toContain(shipped);
    expect((await list({ q: `#${shipped}`, status: 'pending' })).body.total).toBe(0);
    const byStatus = await list({ status: 'cancelled', limit: 100 });
    expect(byStatus.body.items.every((o: Listed) => o.status === 'cancelled')).toBe(true);
    expect(byStatus.body.total).toBe(byStatus.body.counts.cancelled);
    expect((await list({ q: `${tag}-nobody` })).body).toMatchObject({ items: [], total: 0 });
  });

  it('GET /orders?…: counts move with a status change; 403 for a shopper, 401 anonymous', async () => {
    const id = placed.pat[1]!;
    const before = (await list({ limit: 1 })).body.counts;
    await setStatus(id, 'completed');
    const after = (await list({ limit: 1 })).body.counts;
    expect(after).toEqual({ ...before, pending: before.pending - 1, completed: before.completed + 1 });
    expect((await list({ page: 1, limit: 20 }, ctx().stranger)).status).toBe(403);
    expect((await c.call('listOrders', { query: { page: 1 } })).status).toBe(401);
  });

  it('GET /orders with bad parameters: 400 naming the parameter', async () => {
    for (const [key, value] of [
      ['page', 0],
      ['page', 'two'],
      ['page', 1.5],
      ['page', 1_000_001],
      ['limit', 0],
      ['limit', 101],
      ['status', 'lost'],
      ['q', 'x'.repeat(201)],
    ] as const) {
      const r = await list({ [key]: value });
      expect(r.status, `${key}=${value}`).toBe(400);
      expect(r.body).toMatchObject({ code: 'validation_failed' });
      expect(typeof r.body.message).toBe('string');
      expect(Object.keys(r.body.fields)).toEqual([key]);
    }
  });

  it('the counts and the sales report equal a recount after random placements and status changes', async () => {
    const mine: number[] = [];
    const stepArb = fc.oneof(
      fc.record({ place: fc.constantFrom('tee', 'tote'), qty: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ pick: fc.nat(), status: fc.constantFrom(...ORDER_STATUSES) }),
    );
    // Few runs of few steps: every placement counts against the admin's order budget (30 a minute).
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 5 }), async (steps) => {
        for (const s of steps) {
          if ('place' in s)
            mine.push(await place(who.pat, s.place === 'tee' ? ctx().tee : ctx().tote, s.qty));
          else if (mine.length) await setStatus(mine[s.pick % mine.length]!, s.status);
        }
        const all = await plain();
        expect((await list({ limit: 1 })).body.counts).toEqual(tally(all));
        const live = all.filter((o) => o.status !== 'cancelled');
        const sold = new Map<number, number>();
        for (const o of live) {
          const items = await c.call('orderItems', { token: ctx().admin, params: { id: o.id } });
          for (const it of items.body as { product_id: number; qty: number }[])
            sold.set(it.product_id, (sold.get(it.product_id) ?? 0) + it.qty);
        }
        const report = (await c.call('salesReport', { token: ctx().admin })).body;
        expect(report.stats).toEqual({
          total_sales: live.reduce((sum, o) => sum + Math.round(o.total * 100), 0) / 100,
          orders_count: live.length,
        });
        const best = [...sold].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 10);
        expect(
          report.best_selling.map((b: { product_id: number; total_qty: number }) => [
            b.product_id,
            b.total_qty,
          ]),
        ).toEqual(best);
      }),
      { numRuns: 3, seed: 5 },
    );
  });
}
