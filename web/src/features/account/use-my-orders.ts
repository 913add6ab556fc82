import type { Order } from '#contract/schemas/order';
import { ApiError } from '#web/lib/api-client';
import { useSetAtom } from '#web/lib/jotai';
import { clearAuthAtom } from '#web/lib/session/auth-atoms';
import { withLoadTimeout } from '#web/lib/load-timeout';
import { useNetworkStatus } from '#web/lib/network-status';
import { useQuery } from '#web/lib/use-query';
import { fetchMyOrders } from './api/account-api';

const NONE: Order[] = [];

/**
 * The profile's orders. A failed load (5xx, a time-out) is `failed`, shown with Try again rather than the
 * empty state (issue 27; the spec had it silent); a load that could not leave the device is `offline`, left to
 * the offline banner. An ended session drops the local sign-in too, and the route guard sends the user to /login.
 */
export function useMyOrders(): {
  orders: Order[];
  loading: boolean;
  failed: 'failed' | 'offline' | null;
  refresh: () => void;
} {
  const clearAuth = useSetAtom(clearAuthAtom);
  const { offline } = useNetworkStatus();
  const { data, loading, error, refresh } = useQuery(
    ['myOrders'],
    (signal) => fetchMyOrders(withLoadTimeout(signal)),
    {
      onError: (err) => {
        if (err instanceof ApiError && err.status === 401) clearAuth();
      },
    },
  );
  const failed = !error || data ? null : offline && !(error instanceof ApiError) ? 'offline' : 'failed';
  return { orders: data ?? NONE, loading, failed, refresh };
}
