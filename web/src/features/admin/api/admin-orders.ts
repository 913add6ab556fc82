import { useEffect, useState } from 'react';
import type { Order, OrderItem, OrderStatus, ShippingDetails } from '../../../../../contract/schemas/order';
import { api } from '../../../lib/api-client';

/** All orders for the admin. Failures are silent (spec section 8): an empty list. */
export function useAdminOrders() {
  const [orders, setOrders] = useState<Order[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    api('listOrders')
      .then((list) => live && setOrders(list))
      .catch(() => live && setOrders([]))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);
  return { orders, setOrders, loading };
}

/** The server answers with the updated order, status history included. */
export function updateOrderStatus(id: number, status: OrderStatus): Promise<Order> {
  return api('updateOrderStatus', { params: { id }, body: { status } });
}

/** One order's lines for the details modal. A failure is only logged (spec section 8). */
export function useOrderItems(orderId: number) {
  const [items, setItems] = useState<OrderItem[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    api('orderItems', { params: { id: orderId } })
      .then((list) => live && setItems(list))
      .catch((error: unknown) => console.error('Error fetching order items:', error))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [orderId]);
  return { items, loading };
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
