import { fromCents } from '#contract/rules/money';
import type { SalesReport } from '#contract/schemas/report';
import { BEST_SELLING_MAX } from '#contract/schemas/report';
import type { OrderBook } from './order-book';
import { createOrderBook } from './order-book';
import type { CoreDeps } from './ports';

/**
 * Sales over every order that is not cancelled; best sellers by quantity, ties by product id. The
 * figures are the order book's running totals (order-stats.ts), so the report costs the number of
 * products sold, not the number of orders.
 */
export function createReportUseCases({ stores }: CoreDeps, book: OrderBook = createOrderBook(stores.orders)) {
  return {
    sales(): SalesReport {
      const { stats } = book.read();
      const { cents, orders } = stats.sales();
      const best_selling = stats.bestSellers(BEST_SELLING_MAX).map((r) => ({
        product_id: r.product_id,
        // The current title when the product still exists, else the title at the time of sale.
        product_title: stores.products.get(r.product_id)?.title ?? r.product_title,
        total_qty: r.total_qty,
      }));
      return { stats: { total_sales: fromCents(cents), orders_count: orders }, best_selling };
    },
  };
}
