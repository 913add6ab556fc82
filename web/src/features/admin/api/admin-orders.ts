import type { Order, OrderItem, OrderStatus, ShippingDetails } from '#contract/schemas/order';
import { api } from '#web/lib/api-client';
import { useQuery } from '#web/lib/use-query';

const NO_ORDERS: Order[] = [];
const NO_ITEMS: OrderItem[] = [];

/** All orders for the admin. Failures are silent (spec section 8): an empty list. */
export function useAdminOrders() {
  const { data, loading, setData } = useQuery(['listOrders'], (signal) => api('listOrders', { signal }));
  // Status changes are applied in place with the order the server answered (no reload of the list).
  const setOrders = (update: (list: Order[]) => Order[]) => setData((list) => update(list ?? NO_ORDERS));
  return { orders: data ?? NO_ORDERS, setOrders, loading };
}

/** The server answers with the updated order, status history included. */
export function updateOrderStatus(id: number, status: OrderStatus): Promise<Order> {
  return api('updateOrderStatus', { params: { id }, body: { status } });
}

const logItemsFailure = (error: unknown) => console.error('Error fetching order items:', error);

/** One order's lines for the details modal. A failure is only logged (spec section 8). */
export function useOrderItems(orderId: number) {
  const { data, loading } = useQuery(
    ['orderItems', orderId],
    (signal) => api('orderItems', { params: { id: orderId }, signal }),
    { onError: logItemsFailure },
  );
  return { items: data ?? NO_ITEMS, loading };
}

/** shipping_address is a JSON text; anything unreadable counts as an empty object (spec section 8). */
export function parseShipping(text: string): Partial<Record<keyof ShippingDetails, unknown>> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** A shipping part as text, or null when missing or blank (then the modal shows N/A). */
export function shippingText(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}
