/**
 * What the admin reads about the orders, kept beside the orders table so no request scans them: the
 * timeline of every order and one per status (pages newest first, at the cost of the page), the
 * customers (search) and the running totals (counts per status, the sales report). Built from the
 * table on first use (a million orders: well under a second), then moved by each commit: a new order is
 * a push, a status change moves one id between two status timelines and the totals by that order.
 */
import { ORDER_STATUSES } from '#contract/schemas/order';
import { OrderCustomers } from './customers';
import { OrderStats, slotOf } from './stats';
import { OrderTimeline } from './timeline';
import type { Table } from '../ports';
import type { StoredOrder } from '../records';

export interface OrderBookState {
  all: OrderTimeline;
  /** One per status of ORDER_STATUSES, in its order; rows with any other status are only in `all`. */
  byStatus: OrderTimeline[];
  customers: OrderCustomers;
  stats: OrderStats;
}

const statusLine = (s: OrderBookState, status: string): OrderTimeline | undefined =>
  s.byStatus[slotOf(status)];

function build(rows: readonly StoredOrder[]): OrderBookState {
  const s: OrderBookState = {
    all: new OrderTimeline(),
    byStatus: ORDER_STATUSES.map(() => new OrderTimeline()),
    customers: new OrderCustomers(),
    stats: new OrderStats(),
  };
  s.all.load(rows);
  const perStatus = ORDER_STATUSES.map(() => [] as StoredOrder[]);
  for (const o of rows) {
    s.stats.add(o);
    s.customers.add(o);
    perStatus[slotOf(o.status)]?.push(o);
  }
  perStatus.forEach((list, i) => s.byStatus[i]!.load(list));
  return s;
}

/** One landed commit: replaced rows come as their old value in `removed` and new value in `put`. */
function apply(s: OrderBookState, put: readonly StoredOrder[], removed: readonly StoredOrder[]): void {
  const next = new Map(put.map((o) => [o.id, o]));
  const prev = new Map(removed.map((o) => [o.id, o]));
  for (const old of removed) {
    const now = next.get(old.id);
    s.stats.remove(old);
    s.customers.remove(old);
    const moved = !now || now.created_at !== old.created_at;
    if (moved) s.all.delete(old.created_at, old.id);
    if (moved || now.status !== old.status) statusLine(s, old.status)?.delete(old.created_at, old.id);
  }
  for (const o of put) {
    const old = prev.get(o.id);
    s.stats.add(o);
    s.customers.add(o);
    const moved = !old || old.created_at !== o.created_at;
    if (moved) s.all.insert(o.created_at, o.id);
    if (moved || old.status !== o.status) statusLine(s, o.status)?.insert(o.created_at, o.id);
  }
}

export function createOrderBook(orders: Table<StoredOrder>) {
  let state: OrderBookState | undefined;
  orders.subscribe(({ put, removed }) => {
    if (state) apply(state, put, removed);
  });
  return {
    /** The book, built on first use. */
    read(): OrderBookState {
      return (state ??= build(orders.all()));
    },
  };
}

export type OrderBook = ReturnType<typeof createOrderBook>;
