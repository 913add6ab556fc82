/**
 * The sales report over a range (issue 15), against Koa and MSW: its figures for a seeded range match a
 * plain recomputation from the orders themselves, and cancelled orders never count as sales.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fromCents, toCents } from '#contract/rules/money';
import type { ContractClient } from './client';
import { PNG_DATA_URL, SHIPPING } from './client';

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export function reportsSuite(c: ContractClient): void {
  describe('sales report over a range', () => {
    let admin = '';
    beforeAll(async () => {
      admin = await c.adminToken();
    });

    it('matches a plain recomputation over the orders of the range, cancelled ones not counted as sales', async () => {
      const body = {
        title: 'Report Tee',
        description: '',
        sku: '',
        category: '',
        image: PNG_DATA_URL,
        regular_price: 15.5,
        sale_price: null,
        sizes: ['S', 'L'],
        colors: ['teal', 'plum'],
      };
      const id = (await c.call('createProduct', { token: admin, body })).body.id as number;
      const shopper = await c.seededShopper(0);
      const place = async (cart: unknown[]) =>
        (
          await c.call('placeOrder', {
            token: shopper.token,
            body: { cart, shipping_address: SHIPPING, payment_method: 'cod' },
          })
        ).body.orderId as number;
      await place([{ productId: id, qty: 3, selectedSize: 'S', selectedColor: 'teal' }]);
      await place([{ productId: id, qty: 1, selectedSize: 'L', selectedColor: 'plum' }]);
      const cancelled = await place([{ productId: id, qty: 7, selectedSize: 'L', selectedColor: 'teal' }]);
      expect(
        (
          await c.call('updateOrderStatus', {
            token: admin,
            params: { id: cancelled },
            body: { status: 'cancelled' },
          })
        ).status,
      ).toBe(200);

      const from = day(-2);
      const to = day(1);
      const r = await c.call('salesReport', { token: admin, query: { from, to } });
      expect(r.status).toBe(200);
      const range = r.body.range;

      // The plain recomputation: every order, its items, filtered by its UTC day.
      const all = (await c.call('listOrders', { token: admin })).body as {
        id: number;
        status: string;
        total: number;
        created_at: string;
      }[];
      const inRange = all.filter((o) => o.created_at.slice(0, 10) >= from && o.created_at.slice(0, 10) <= to);
      const sales = inRange.filter((o) => o.status !== 'cancelled');
      const counts: Record<string, number> = {};
      for (const o of inRange) counts[o.status] = (counts[o.status] ?? 0) + 1;
      const sizes = new Map<string, number>();
      const colors = new Map<string, number>();
      for (const o of sales)
        for (const it of (await c.call('orderItems', { token: admin, params: { id: o.id } })).body as {
          size: string;
          color: string;
          qty: number;
        }[]) {
          if (it.size) sizes.set(it.size, (sizes.get(it.size) ?? 0) + it.qty);
          if (it.color) colors.set(it.color, (colors.get(it.color) ?? 0) + it.qty);
        }
      const cents = sales.reduce((n, o) => n + toCents(o.total), 0);
      const topOf = (m: Map<string, number>) =>
        [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 10);

      expect(range.from).toBe(from);
      expect(range.to).toBe(to);
      expect(range.days.map((d: { date: string }) => d.date)).toEqual([day(-2), day(-1), day(0), day(1)]);
      expect(range.orders).toBe(sales.length);
      expect(range.revenue).toBe(fromCents(cents));
      expect(range.days.reduce((n: number, d: { orders: number }) => n + d.orders, 0)).toBe(sales.length);
      expect(range.average_order_value).toBe(fromCents(Math.round(cents / sales.length)));
      expect(range.counts).toEqual(counts);
      expect(range.counts.cancelled).toBeGreaterThanOrEqual(1);
      expect(range.top_sizes.map((t: { size: string; qty: number }) => [t.size, t.qty])).toEqual(
        topOf(sizes),
      );
      expect(range.top_colors.map((t: { color: string; qty: number }) => [t.color, t.qty])).toEqual(
        topOf(colors),
      );
      // The cancelled order's 7 L / teal are no sale.
      expect(range.top_colors.find((t: { color: string }) => t.color === 'teal')?.qty).toBe(
        colors.get('teal'),
      );

      // A range before any order: every day there, nothing sold; the spec's fields are unchanged.
      const empty = (
        await c.call('salesReport', { token: admin, query: { from: '2001-01-01', to: '2001-01-03' } })
      ).body;
      expect(empty.range).toMatchObject({
        orders: 0,
        revenue: 0,
        average_order_value: 0,
        counts: {},
        top_sizes: [],
      });
      expect(empty.range.days).toHaveLength(3);
      expect(empty.stats).toEqual(r.body.stats);
      expect((await c.call('salesReport', { token: admin })).body.range).toBeUndefined();
    });

    it('refuses half a range, a non-date, a reversed or too long range; shoppers get 403', async () => {
      const bad = async (query: Record<string, string>) =>
        (await c.call('salesReport', { token: admin, query })).status;
      expect(await bad({ from: '2026-01-01' })).toBe(400);
      expect(await bad({ from: '2026-02-30', to: '2026-03-01' })).toBe(400);
      expect(await bad({ from: '2026-03-01', to: '2026-02-01' })).toBe(400);
      expect(await bad({ from: '2000-01-01', to: '2026-01-01' })).toBe(400);
      const shopper = await c.seededShopper(1);
      expect(
        await c.status('salesReport', { token: shopper.token, query: { from: day(0), to: day(0) } }),
      ).toBe(403);
    });
  });
}
