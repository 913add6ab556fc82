import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CheckoutForm } from '#contract/rules/validation';
import { fromCents, linesTotalCents, toCents } from '#contract/rules/money';
import { shippingForOrder } from '#contract/rules/shipping';
import type { CartLine } from '#contract/schemas/cart';
import type { PlaceOrderBody } from '#contract/schemas/order';
import { ApiError, readToken } from '#web/lib/api-client';
import { useAtomValue, useSetAtom } from '#web/lib/jotai';
import { clearAuthAtom, userAtom } from '#web/lib/session/auth-atoms';
import { cartLinesAtom, clearCartAtom, updateCartAtom } from '#web/lib/session/cart-atoms';
import { shippingAddressAtom } from '#web/lib/session/shipping-atoms';
import { placeOrder } from './api/orders-api';
import { addressOf, clearDraft, newIdempotencyKey, orderBody } from './checkout-form';
import { stockRefusal, type Refusal } from './stock-refusal';
import { useSignInDetour } from './use-sign-in-detour';

export const ORDER_FAILED = 'Error placing order. Please try again.';

/** The request could not reach the shop (no network, or a gateway/server that cannot take it now). */
function unreachable(err: unknown): boolean {
  return err instanceof TypeError || (err instanceof ApiError && [502, 503, 504].includes(err.status));
}

/** The total the checkout shows: lines plus shipping on the form's city, as the server's rule computes it. */
export function shownTotal(lines: readonly CartLine[], city: string): number {
  return fromCents(linesTotalCents(lines) + toCents(shippingForOrder(city)));
}

/**
 * Keeps the order in the device's outbox (issue 12) and asks the service worker to send it when the network
 * returns. Loaded on first use: the outbox and IndexedDB stay out of the checkout's first load.
 */
async function saveOnDevice(
  key: string,
  userId: number,
  body: PlaceOrderBody,
  lines: CartLine[],
  city: string,
) {
  const token = readToken();
  if (!token || typeof indexedDB === 'undefined') return false;
  const { saveOrder, requestBackgroundSync } = await import('#web/lib/outbox/outbox');
  await saveOrder({ key, userId, token, body, lines, shownTotal: shownTotal(lines, city) });
  void requestBackgroundSync();
  return true;
}

/**
 * Placing the order, once. One Idempotency-Key per attempt, kept across retries and double clicks
 * until the order succeeds or the form changes (forget()), so the server never makes two orders for
 * one intention. A ref blocks re-entry before React has re-rendered the disabled button.
 *
 * With no network (the browser says so, or the request cannot reach the shop) the order is saved on the
 * device with that same key and sent later (lib/outbox): the cart empties and /order-saved/<key> says so.
 * If the device cannot keep it either, the form stays and the offline notice beside Place Order explains.
 *
 * A 409 out_of_stock (issue 14) comes back as `refusal`: the lines that ask for more than is left.
 */
export function usePlaceOrder() {
  const lines = useAtomValue(cartLinesAtom);
  const setAddress = useSetAtom(shippingAddressAtom);
  const updateCart = useSetAtom(updateCartAtom);
  const clearCart = useSetAtom(clearCartAtom);
  const clearAuth = useSetAtom(clearAuthAtom);
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const signInAndReturn = useSignInDetour();
  const [processing, setProcessing] = useState(false);
  // The last Place Order failed for a reason the shopper can only retry (shown beside the button, issue 27).
  const [failed, setFailed] = useState(false);
  // The shop's out_of_stock answer, with the cart it was for: it stops showing as soon as the cart changes.
  const [refused, setRefused] = useState<{ sent: readonly CartLine[]; short: Refusal } | null>(null);
  const key = useRef<string | null>(null);
  const inFlight = useRef(false);

  const forget = useCallback(() => {
    key.current = null;
  }, []);

  const place = useCallback(
    async (form: CheckoutForm) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setProcessing(true);
      key.current ??= newIdempotencyKey();
      const attempt = key.current;
      const body = orderBody(form, lines);
      const done = (to: string) => {
        key.current = null;
        setAddress(addressOf(form));
        updateCart({ city: form.city });
        clearCart();
        clearDraft();
        navigate(to);
      };
      const saveInstead = async () => {
        const saved = user
          ? await saveOnDevice(attempt, user.id, body, [...lines], form.city).catch(() => false)
          : false;
        if (saved) done(`/order-saved/${encodeURIComponent(attempt)}`);
        return saved;
      };
      setRefused(null);
      setFailed(false);
      try {
        if (navigator.onLine === false && (await saveInstead())) return;
        const { orderId } = await placeOrder(body, attempt);
        done(`/order-success/${orderId}`);
      } catch (err) {
        const short = stockRefusal(err);
        if (short) {
          // Nothing was taken or made: the next attempt (after lowering) is a new order with a new key.
          key.current = null;
          setRefused({ sent: lines, short });
        } else if (err instanceof ApiError && err.status === 401) {
          // The session ended (expired or revoked elsewhere): sign in again and come back, form kept.
          clearAuth();
          signInAndReturn(form);
        } else if (unreachable(err)) {
          // Saved with the same key: if this request did reach the shop after all, sending it again
          // answers the same order. If the device cannot keep it, the offline notice says so (issue 6).
          await saveInstead();
        } else {
          setFailed(true);
        }
      } finally {
        inFlight.current = false;
        setProcessing(false);
      }
    },
    [lines, user, setAddress, updateCart, clearCart, clearAuth, navigate, signInAndReturn],
  );

  const refusal = refused && refused.sent === lines ? refused.short : null;
  return { place, processing, forget, refusal, failed };
}
