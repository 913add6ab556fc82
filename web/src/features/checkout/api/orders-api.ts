import type { PlaceOrderBody } from '#contract/schemas/order';
import { api } from '#web/lib/api-client';

/** POST /orders with the attempt's Idempotency-Key: a retry with the same key returns the same order. */
export function placeOrder(body: PlaceOrderBody, idempotencyKey: string) {
  return api('placeOrder', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}
