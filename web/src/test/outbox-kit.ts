/**
 * Test helpers for the offline orders (issue 12): a fresh outbox database per test, and orders saved on the
 * device as Place Order keeps them with no network.
 */
import type { CartLine } from '#contract/schemas/cart';
import type { PlaceOrderBody } from '#contract/schemas/order';
import { saveOrder, updateSavedOrder } from '#web/lib/outbox/outbox';
import { OutboxDb, setOutboxDb, type SavedOrder } from '#web/lib/outbox/outbox-db';
import { freshDbPerTest } from './fresh-db';
import { demoProducts, lineFor } from './shop-session';

/** A fresh outbox database for each test (see freshDbPerTest); answers a getter for it. */
export function freshOutboxDbPerTest(beforeDelete?: () => unknown): () => OutboxDb {
  return freshDbPerTest(OutboxDb, setOutboxDb, beforeDelete);
}

export interface SavedOrderOptions {
  /** The cart lines; two of the first demo product with sizes and colours by default. */
  lines?: CartLine[];
  /** Changes to the body Place Order sends for these lines. */
  body?: Partial<PlaceOrderBody>;
  savedAt?: number;
  /** Where the order is moved once saved (its state, error, attempts…), as the sender would move it. */
  then?: Partial<SavedOrder>;
}

/**
 * Saves an order on the device as Place Order does offline, for `userId` with `token` (null: with none, as after a
 * sign-out or a 401), under the Idempotency-Key `key`; its shown total is the lines' total.
 */
export async function savedOrderFor(
  userId: number,
  token: string | null,
  key: string,
  { lines, body, savedAt = Date.now(), then = {} }: SavedOrderOptions = {},
): Promise<void> {
  const shown = lines ?? [lineFor((await demoProducts())[0]!, 2)];
  const placeOrder: PlaceOrderBody = {
    cart: shown.map(({ productId, qty, selectedSize, selectedColor }) => ({
      productId,
      qty,
      selectedSize,
      selectedColor,
    })),
    shipping_address: JSON.stringify({
      name: 'Ana',
      phone: '0123456789',
      email: 'ana@example.com',
      order_address: 'Main St 1',
    }),
    payment_method: 'cod',
    ...body,
  };
  const shownTotal = shown.reduce((t, l) => t + l.price * l.qty, 0);
  await saveOrder({ key, userId, token: token ?? '', body: placeOrder, lines: shown, shownTotal }, savedAt);
  if (token === null || Object.keys(then).length > 0) await updateSavedOrder(key, { token, ...then });
}
