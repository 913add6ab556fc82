import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CheckoutForm } from '#contract/rules/validation';
import { ApiError } from '#web/lib/api-client';
import { useAtomValue, useSetAtom } from '#web/lib/jotai';
import { clearAuthAtom } from '#web/lib/session/auth-atoms';
import { cartLinesAtom, clearCartAtom, updateCartAtom } from '#web/lib/session/cart-atoms';
import { shippingAddressAtom } from '#web/lib/session/shipping-atoms';
import { placeOrder } from './api/orders-api';
import { addressOf, clearDraft, newIdempotencyKey, orderBody } from './checkout-form';
import { useSignInDetour } from './use-sign-in-detour';

export const ORDER_FAILED = 'Error placing order. Please try again.';

/**
 * Placing the order, once. One Idempotency-Key per attempt, kept across retries and double clicks
 * until the order succeeds or the form changes (forget()), so the server never makes two orders for
 * one intention. A ref blocks re-entry before React has re-rendered the disabled button.
 */
export function usePlaceOrder() {
  const lines = useAtomValue(cartLinesAtom);
  const setAddress = useSetAtom(shippingAddressAtom);
  const updateCart = useSetAtom(updateCartAtom);
  const clearCart = useSetAtom(clearCartAtom);
  const clearAuth = useSetAtom(clearAuthAtom);
  const navigate = useNavigate();
  const signInAndReturn = useSignInDetour();
  const [processing, setProcessing] = useState(false);
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
      try {
        const { orderId } = await placeOrder(orderBody(form, lines), key.current);
        key.current = null;
        setAddress(addressOf(form));
        updateCart({ city: form.city });
        clearCart();
        clearDraft();
        navigate(`/order-success/${orderId}`);
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) {
          // The session ended (expired or revoked elsewhere): sign in again and come back, form kept.
          clearAuth();
          signInAndReturn(form);
        } else if (!(err instanceof TypeError)) {
          window.alert(ORDER_FAILED);
        }
        // A TypeError is no network at all: the API client has flagged the app offline, and the notice
        // beside Place Order says so instead of the generic alert (issue 6). The form stays either way.
      } finally {
        inFlight.current = false;
        setProcessing(false);
      }
    },
    [lines, setAddress, updateCart, clearCart, clearAuth, navigate, signInAndReturn],
  );

  return { place, processing, forget };
}
