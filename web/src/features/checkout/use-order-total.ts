import { useEffect, useState } from 'react';
import { fetchMyOrders } from './api/orders-api';

/**
 * The server's total for one of the user's orders (it priced the order, not the browser).
 * undefined while loading, null when it cannot be found or the call fails (then no total is shown).
 */
export function useOrderTotal(orderId: string | undefined): number | null | undefined {
  const [total, setTotal] = useState<{ id: string | undefined; value: number | null } | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    fetchMyOrders(ctrl.signal)
      .then((orders) =>
        setTotal({ id: orderId, value: orders.find((o) => String(o.id) === orderId)?.total ?? null }),
      )
      .catch(() => {
        if (!ctrl.signal.aborted) setTotal({ id: orderId, value: null });
      });
    return () => ctrl.abort();
  }, [orderId]);
  return total && total.id === orderId ? total.value : undefined;
}
