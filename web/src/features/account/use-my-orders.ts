import { useEffect, useState } from 'react';
import type { Order } from '../../../../contract/schemas/order';
import { ApiError } from '../../lib/api-client';
import { useSetAtom } from '../../lib/jotai';
import { clearAuthAtom } from '../../lib/session/auth-atoms';
import { fetchMyOrders } from './api/account-api';

/**
 * The profile's orders. Failures are silent (spec section 8: the empty state shows), except an ended
 * session: then the local sign-in is dropped too, and the route guard sends the user to /login.
 */
export function useMyOrders(): { orders: Order[]; loading: boolean } {
  const clearAuth = useSetAtom(clearAuthAtom);
  const [state, setState] = useState<{ orders: Order[]; loading: boolean }>({ orders: [], loading: true });
  useEffect(() => {
    const ctrl = new AbortController();
    fetchMyOrders(ctrl.signal)
      .then((orders) => setState({ orders, loading: false }))
      .catch((err: unknown) => {
        if (ctrl.signal.aborted) return;
        setState({ orders: [], loading: false });
        if (err instanceof ApiError && err.status === 401) clearAuth();
      });
    return () => ctrl.abort();
  }, [clearAuth]);
  return state;
}
