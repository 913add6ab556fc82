import { fromCents } from '#contract/rules/money';
import type { SalesRange, SalesReport, SalesReportQuery } from '#contract/schemas/report';
import { BEST_SELLING_MAX, TOP_OPTIONS_MAX } from '#contract/schemas/report';
import type { OrderBook } from './book';
import { createOrderBook } from './book';
import type { CoreDeps } from '../ports';

/**
 * Sales over every order that is not cancelled; best sellers by quantity, ties by product id. The
 * figures are the order book's running totals (orders/stats.ts), so the report costs the number of
 * products sold, not the number of orders.
 */
/** The `n` largest entries, ties by name. */
const top = (m: ReadonlyMap<string, number>, n: number): [string, number][] =>
  [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, n);

export function createReportUseCases({ stores }: CoreDeps, book: OrderBook = createOrderBook(stores.orders)) {
  /** The range part (issue 15): per-day running totals summed over the days asked for. */
  function range(from: string, to: string): SalesRange {
    const r = book.read().stats.daily.range(from, to);
    const cents = r.days.reduce((n, d) => n + d.cents, 0);
    const orders = r.days.reduce((n, d) => n + d.orders, 0);
    return {
      from,
      to,
      days: r.days.map((d) => ({ date: d.date, revenue: fromCents(d.cents), orders: d.orders })),
      revenue: fromCents(cents),
      orders,
      average_order_value: orders ? fromCents(Math.round(cents / orders)) : 0,
      counts: Object.fromEntries(r.byStatus),
      top_sizes: top(r.sizes, TOP_OPTIONS_MAX).map(([size, qty]) => ({ size, qty })),
      top_colors: top(r.colors, TOP_OPTIONS_MAX).map(([color, qty]) => ({ color, qty })),
    };
  }

  /** The spec's report over every order. */
  function total(): SalesReport {
    const { stats } = book.read();
    const { cents, orders } = stats.sales();
    const best_selling = stats.bestSellers(BEST_SELLING_MAX).map((r) => ({
      product_id: r.product_id,
      // The current title when the product still exists, else the title at the time of sale.
      product_title: stores.products.get(r.product_id)?.title ?? r.product_title,
      total_qty: r.total_qty,
    }));
    return { stats: { total_sales: fromCents(cents), orders_count: orders }, best_selling };
  }

  return {
    /** With from and to (issue 15), the range is added to the spec's report. */
    sales(query: SalesReportQuery = {}): SalesReport {
      const base = total();
      return query.from && query.to ? { ...base, range: range(query.from, query.to) } : base;
    },
  };
}
