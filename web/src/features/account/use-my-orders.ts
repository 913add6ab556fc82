import type { Order } from '#contract/schemas/order';
import { ApiError } from '#web/lib/api-client';
import { useSetAtom } from '#web/lib/jotai';
import { clearAuthAtom } from '#web/lib/session/auth-atoms';
import { useQuery } from '#web/lib/use-query';
import { fetchMyOrders } from './api/account-api';

const NONE: Order[] = [];

/**
 * The profile's orders. Failures are silent (spec section 8: the empty state shows), except an ended
 * session: then the local sign-in is dropped too, and the route guard sends the user to /login.
 */
export function useMyOrders(): { orders: Order[]; loading: boolean; refresh: () => void } {
  const clearAuth = useSetAtom(clearAuthAtom);
  const { data, loading, refresh } = useQuery(['myOrders'], fetchMyOrders, {
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) clearAuth();
    },
  });
  return { orders: data ?? NONE, loading, refresh };
}
