/**
 * Sales per day (UTC), kept as running totals beside the order book's other figures (orders/stats.ts), so
 * the dashboard's report over a range costs the days in it, not the orders (issue 15). Each day holds
 * its orders per status, and for the orders that are not cancelled their revenue, count and the units
 * sold per size and per colour. A status change is a removal of the old row and an addition of the new.
 */
import { toCents } from '#contract/rules/money';
import type { StoredOrder } from '../records';

interface Day {
  /** Orders per status (any status text the data holds). */
  byStatus: Map<string, number>;
  cents: number;
  orders: number;
  sizes: Map<string, number>;
  colors: Map<string, number>;
}

const bump = (m: Map<string, number>, k: string, by: number): void => {
  if (!k) return;
  const n = (m.get(k) ?? 0) + by;
  if (n <= 0) m.delete(k);
  else m.set(k, n);
};

export const dayOf = (iso: string): string => iso.slice(0, 10);

export class DailySales {
  private readonly days = new Map<string, Day>();

  private move(o: StoredOrder, sign: 1 | -1): void {
    const key = dayOf(o.created_at);
    let d = this.days.get(key);
    if (!d)
      this.days.set(
        key,
        (d = { byStatus: new Map(), cents: 0, orders: 0, sizes: new Map(), colors: new Map() }),
      );
    bump(d.byStatus, o.status, sign);
    if (o.status !== 'cancelled') {
      d.cents += sign * toCents(o.total);
      d.orders += sign;
      for (const it of o.items) {
        bump(d.sizes, it.size, sign * it.qty);
        bump(d.colors, it.color, sign * it.qty);
      }
    }
    if (d.byStatus.size === 0) this.days.delete(key);
  }

  add(o: StoredOrder): void {
    this.move(o, 1);
  }

  remove(o: StoredOrder): void {
    this.move(o, -1);
  }

  /** The days from `from` to `to` (YYYY-MM-DD, both included), each one present even without orders. */
  range(from: string, to: string) {
    const days: { date: string; cents: number; orders: number }[] = [];
    const byStatus = new Map<string, number>();
    const sizes = new Map<string, number>();
    const colors = new Map<string, number>();
    for (
      let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`);
      t <= end;
      t += 86_400_000
    ) {
      const date = new Date(t).toISOString().slice(0, 10);
      const d = this.days.get(date);
      days.push({ date, cents: d?.cents ?? 0, orders: d?.orders ?? 0 });
      if (!d) continue;
      for (const [k, n] of d.byStatus) bump(byStatus, k, n);
      for (const [k, n] of d.sizes) bump(sizes, k, n);
      for (const [k, n] of d.colors) bump(colors, k, n);
    }
    return { days, byStatus, sizes, colors };
  }
}
