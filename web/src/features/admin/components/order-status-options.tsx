import { ORDER_STATUSES } from '#contract/schemas/order';

/** One option per order status, the status itself as its text (the orders filter and each order's select). */
export function OrderStatusOptions() {
  return ORDER_STATUSES.map((s) => (
    <option key={s} value={s}>
      {s}
    </option>
  ));
}
