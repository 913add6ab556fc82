import type { ShippingAddress } from '#contract/schemas/cart';
import type { PlaceOrderBody } from '#contract/schemas/order';
import { api } from '#web/lib/api-client';

/** POST /orders with the attempt's Idempotency-Key: a retry with the same key returns the same order. */
export function placeOrder(body: PlaceOrderBody, idempotencyKey: string) {
  return api('placeOrder', { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Issue 27: keeps the address this order used as the shopper's saved one (PUT /auth/me, address only). */
export function saveAddressToProfile(address: ShippingAddress) {
  return api('updateMe', { body: { saved_address: address } });
}
