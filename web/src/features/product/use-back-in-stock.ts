import { useState } from 'react';
import { ApiError } from '#web/lib/api-client';
import { useAtomValue, useSetAtom } from '#web/lib/jotai';
import { clearAuthAtom, userAtom } from '#web/lib/session/auth-atoms';
import { useQuery } from '#web/lib/use-query';
import { askToBeNotified, fetchStockRequests } from './api/back-in-stock-api';

export const NOTIFY_FAILED = "We couldn't save your request. Please try again.";

interface Choice {
  productId: number;
  size: string;
  color: string;
  /** Where sign-in returns to: this product with the size and colour already chosen. */
  returnTo: string;
}

/**
 * Notify me when it's back (issue 14): whether the signed-in shopper already waits for this size and colour
 * (GET /notify-requests, so it still says so after a reload), and ask() to start waiting. Signed out (or
 * with a session that has ended) ask() sets needsSignIn: the button says why it needs a sign-in and offers it,
 * as a detour through /login (state `from`: returnTo) that comes back to the same choice (issue 27).
 */
export function useBackInStock({ productId, size, color, returnTo }: Choice) {
  const user = useAtomValue(userAtom);
  const clearAuth = useSetAtom(clearAuthAtom);
  // A failed read only means the button offers to ask again; asking twice is harmless (idempotent).
  const { data } = useQuery(user ? ['stockRequests', user.id] : null, fetchStockRequests);
  // Asked on this page: kept here too, since the list above may not have loaded (or failed to).
  const [asked, setAsked] = useState<readonly string[]>([]);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const key = `${productId}|${size}|${color}`;
  const requested =
    asked.includes(key) ||
    (data ?? []).some((r) => r.product_id === productId && r.size === size && r.color === color);

  const ask = async () => {
    if (!user) return setNeedsSignIn(true);
    setSending(true);
    setFailure(null);
    try {
      await askToBeNotified(productId, { size, color });
      setAsked((keys) => [...keys, key]);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        clearAuth();
        setNeedsSignIn(true);
      } else {
        setFailure({ key, message: (err instanceof ApiError && err.serverMessage) || NOTIFY_FAILED });
      }
    } finally {
      setSending(false);
    }
  };

  return {
    requested,
    sending,
    error: failure?.key === key ? failure.message : null,
    ask,
    /** Where the sign-in link goes back to, once ask() found no signed-in shopper; null otherwise. */
    signInFrom: needsSignIn && !user ? returnTo : null,
  };
}
