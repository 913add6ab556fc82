import { fromCents, toCents } from '#contract/rules/money';
import type { SalesReport } from '#contract/schemas/report';
import { BEST_SELLING_MAX } from '#contract/schemas/report';
import type { CoreDeps } from './ports';

/** Sales over every order that is not cancelled; best sellers by quantity, ties by product id. */
export function createReportUseCases({ stores }: CoreDeps) {
  return {
    sales(): SalesReport {
      const orders = stores.orders.all().filter((o) => o.status !== 'cancelled');
      let cents = 0;
      const qty = new Map<number, { product_title: string; total_qty: number }>();
      for (const o of orders) {
        cents += toCents(o.total);
        for (const it of o.items) {
          const row = qty.get(it.product_id) ?? { product_title: it.product_title, total_qty: 0 };
          row.total_qty += it.qty;
          qty.set(it.product_id, row);
        }
      }
      const best_selling = [...qty.entries()]
        .map(([product_id, r]) => ({
          product_id,
          // The current title when the product still exists, else the title at the time of sale.
          product_title: stores.products.get(product_id)?.title ?? r.product_title,
          total_qty: r.total_qty,
        }))
        .sort((a, b) => b.total_qty - a.total_qty || a.product_id - b.product_id)
        .slice(0, BEST_SELLING_MAX);
      return { stats: { total_sales: fromCents(cents), orders_count: orders.length }, best_selling };
    },
  };
}
