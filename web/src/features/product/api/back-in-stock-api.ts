import type { NotifyBody } from '#contract/schemas/stock';
import { api } from '#web/lib/api-client';

/** POST /products/{id}/notify: ask to be told when this sold-out size and colour is back (idempotent). */
export function askToBeNotified(productId: number, body: NotifyBody) {
  return api('notifyMe', { params: { id: productId }, body });
}

/** GET /notify-requests: the sizes and colours the signed-in shopper already waits for. */
export function fetchStockRequests(signal?: AbortSignal) {
  return api('myStockRequests', { signal });
}
