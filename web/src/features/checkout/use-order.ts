import type { Order, OrderItemView } from '#contract/schemas/order';
import { api, ApiError } from '#web/lib/api-client';
import { useSetAtom } from '#web/lib/jotai';
import { withLoadTimeout } from '#web/lib/load-timeout';
import { useNetworkStatus } from '#web/lib/network-status';
import { clearAuthAtom } from '#web/lib/session/auth-atoms';
import { useQuery } from '#web/lib/use-query';

export interface OrderView {
  order: Order;
  items: OrderItemView[];
}

/**
 * What a shopper's order screen can show: the order, or why not. `not-found` is a missing order, someone
 * else's (the server answers both with the same 404) or an id that is not one; `failed` a 5xx or a time-out
 * (LoadFailed with Try again); `offline` a call that could not leave the device (the offline banner says why).
 */
export type OrderLoad =
  | { state: 'loading' }
  | { state: 'not-found' }
  | { state: 'failed' | 'offline'; retry: () => void }
  | { state: 'ready'; view: OrderView };

/** One of the signed-in shopper's orders with its lines (GET /orders/{id} and /orders/{id}/items together). */
export function useOrder(orderId: string | undefined): OrderLoad {
  const id = Number(orderId);
  const valid = Number.isInteger(id) && id > 0;
  const clearAuth = useSetAtom(clearAuthAtom);
  const { offline } = useNetworkStatus();
  const { data, error, loading, refresh } = useQuery(
    valid ? ['order', id] : null,
    async (signal): Promise<OrderView> => {
      const s = withLoadTimeout(signal);
      const [order, items] = await Promise.all([
        api('getOrder', { params: { id }, signal: s }),
        api('orderItems', { params: { id }, signal: s }),
      ]);
      return { order, items };
    },
    {
      // An ended session drops the local sign-in too; the route guard then sends the shopper to /login.
      onError: (err) => {
        if (err instanceof ApiError && err.status === 401) clearAuth();
      },
    },
  );
  if (!valid) return { state: 'not-found' };
  if (data) return { state: 'ready', view: data };
  if (loading || !error) return { state: 'loading' };
  if (error instanceof ApiError && error.status === 404) return { state: 'not-found' };
  if (offline && !(error instanceof ApiError)) return { state: 'offline', retry: refresh };
  return { state: 'failed', retry: refresh };
}
