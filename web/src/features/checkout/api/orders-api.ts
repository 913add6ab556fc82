import type { PlaceOrderBody } from '../../../../../contract/schemas/order';
import { api } from '../../../lib/api-client';

/** POST /orders with the attempt's Idempotency-Key: a retry with the same key returns the same order. */
export function placeOrder(body: PlaceOrderBody, idempotencyKey: string) {
  return api('placeOrder', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** The signed-in user's orders; the success page reads the server's total for the new one here. */
export function fetchMyOrders(signal?: AbortSignal) {
  return api('myOrders', { signal });
}
