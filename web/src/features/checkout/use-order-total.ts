import { api } from '#web/lib/api-client';
import { useQuery } from '#web/lib/use-query';

/**
 * The server's total for one of the user's orders (it priced the order, not the browser), read with
 * GET /orders/{id}. undefined while loading, null when it cannot be found or the call fails (then no
 * total is shown).
 */
export function useOrderTotal(orderId: string | undefined): number | null | undefined {
  const id = Number(orderId);
  const valid = Number.isInteger(id) && id > 0;
  const { data, loading } = useQuery(valid ? ['getOrder', id] : null, (signal) =>
    api('getOrder', { params: { id }, signal }),
  );
  if (loading) return undefined;
  return data?.total ?? null;
}
