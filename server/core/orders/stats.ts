/**
 * Running totals over every order, moved by each commit of the orders table (orders/book.ts) instead
 * of a scan per request: orders per status, and the sales report's figures (sales and orders that are
 * not cancelled, quantity sold per product). A status change is a removal of the old row and an
 * addition of the new one, so an order moving in or out of "cancelled" moves its sales with it.
 */
import type { OrderCounts } from '#contract/schemas/order-list';
import type { OrderStatus } from '#contract/schemas/order';
import { ORDER_STATUSES } from '#contract/schemas/order';
import { toCents } from '#contract/rules/money';
import type { StoredOrder } from '../records';
import { DailySales } from './sales-days';

/** A status's place in count arrays: the five statuses, then one for any other (older data). */
export type StatusSlot = number;
export const SLOTS = ORDER_STATUSES.length + 1;
const OTHER: StatusSlot = ORDER_STATUSES.length;
const SLOT_OF = new Map<string, StatusSlot>(ORDER_STATUSES.map((s, i) => [s, i]));
export const slotOf = (status: string): StatusSlot => SLOT_OF.get(status) ?? OTHER;
export const statusSlot = (status: OrderStatus): StatusSlot => SLOT_OF.get(status)!;

export interface SoldProduct {
  product_id: number;
  /** The title on the first order counted (the report prefers the product's current title). */
  product_title: string;
  total_qty: number;
}

export class OrderStats {
  private readonly bySlot: number[] = new Array<number>(SLOTS).fill(0);
  private salesCents = 0;
  private salesCount = 0;
  private readonly sold = new Map<number, SoldProduct>();
  /** The same figures per day, for the report over a range. */
  readonly daily = new DailySales();

  add(o: StoredOrder): void {
    this.daily.add(o);
    this.bySlot[slotOf(o.status)]!++;
    if (o.status === 'cancelled') return;
    this.salesCents += toCents(o.total);
    this.salesCount++;
    for (const it of o.items) {
      const row = this.sold.get(it.product_id);
      if (row) row.total_qty += it.qty;
      else
        this.sold.set(it.product_id, {
          product_id: it.product_id,
          product_title: it.product_title,
          total_qty: it.qty,
        });
    }
  }

  remove(o: StoredOrder): void {
    this.daily.remove(o);
    this.bySlot[slotOf(o.status)]!--;
    if (o.status === 'cancelled') return;
    this.salesCents -= toCents(o.total);
    this.salesCount--;
    for (const it of o.items) {
      const row = this.sold.get(it.product_id);
      if (!row) continue;
      row.total_qty -= it.qty;
      // A product nobody has bought (any more) is not a seller, as in a fresh count.
      if (row.total_qty <= 0) this.sold.delete(it.product_id);
    }
  }

  counts(): OrderCounts {
    const [pending, processing, shipped, completed, cancelled] = this.bySlot;
    return {
      all: this.bySlot.reduce((a, b) => a + b, 0),
      pending: pending!,
      processing: processing!,
      shipped: shipped!,
      completed: completed!,
      cancelled: cancelled!,
    };
  }

  sales(): { cents: number; orders: number } {
    return { cents: this.salesCents, orders: this.salesCount };
  }

  /** The `n` best sellers by quantity, ties by product id: one pass over the products sold, no sort of them all. */
  bestSellers(n: number): SoldProduct[] {
    const top: SoldProduct[] = [];
    if (n <= 0) return top;
    const before = (a: SoldProduct, b: SoldProduct) =>
      a.total_qty > b.total_qty || (a.total_qty === b.total_qty && a.product_id < b.product_id);
    for (const row of this.sold.values()) {
      if (top.length === n && !before(row, top[n - 1]!)) continue;
      let i = Math.min(top.length, n - 1);
      while (i > 0 && before(row, top[i - 1]!)) i--;
      top.splice(i, 0, row);
      if (top.length > n) top.pop();
    }
    return top.map((r) => ({ ...r }));
  }
}
