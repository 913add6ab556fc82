import type { Order, OrderItem, OrderStatus, ShippingDetails } from '#contract/schemas/order';
import { ORDER_STATUSES } from '#contract/schemas/order';
import type { OrderCounts, OrderListResponse, OrderPage } from '#contract/schemas/order-list';
import { api } from '#web/lib/api-client';
import { useQuery } from '#web/lib/use-query';

const NO_ITEMS: OrderItem[] = [];
export const ORDERS_PAGE_SIZE = 20;
const NO_COUNTS: OrderCounts = { all: 0, pending: 0, processing: 0, shipped: 0, completed: 0, cancelled: 0 };
const EMPTY_PAGE: OrderPage = { items: [], total: 0, counts: NO_COUNTS };

export interface OrdersFilter {
  page: number;
  /** '' for every status. */
  status: OrderStatus | '';
  /** Customer name, e-mail or order id; '' for no search. */
  q: string;
}

/** A request with page and limit is answered with a page; the plain list would mean another server. */
function asPage(answer: OrderListResponse): OrderPage {
  if (Array.isArray(answer)) throw new Error('GET /orders answered a list to a page request');
  return answer;
}

const isStatus = (s: string): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s);

/** A status change seen in the counts without asking the server again. */
function moveCount(counts: OrderCounts, from: string, to: string): OrderCounts {
  const next = { ...counts };
  if (isStatus(from)) next[from] -= 1;
  if (isStatus(to)) next[to] += 1;
  return next;
}

/**
 * One page of the admin's orders, newest first, as the server pages them (20 a page), with the shop's
 * counts per status for the stat boxes. A failed load (5xx, network) is `failed`, shown with Try again
 * (`reload`), never as an empty shop (issue 27).
 */
export function useAdminOrders({ page, status, q }: OrdersFilter) {
  const query = { page, limit: ORDERS_PAGE_SIZE, status: status || undefined, q: q.trim() || undefined };
  const { data, error, loading, refresh, setData } = useQuery(
    ['listOrders', query],
    (signal) => api('listOrders', { query, signal }).then(asPage),
    { keepPreviousData: true },
  );
  // A status change is applied in place with the order the server answered (spec: "the list is
  // updated locally"), the counts moved with it; the page is not fetched again.
  const updated = (order: Order) =>
    setData((p) => {
      const old = p?.items.find((o) => o.id === order.id);
      if (!p || !old) return p;
      return {
        ...p,
        items: p.items.map((o) => (o.id === order.id ? order : o)),
        counts: old.status === order.status ? p.counts : moveCount(p.counts, old.status, order.status),
      };
    });
  const failed = !loading && error !== null;
  return { ...(failed ? EMPTY_PAGE : (data ?? EMPTY_PAGE)), loading, failed, reload: refresh, updated };
}

/** The server answers with the updated order, status history included. */
export function updateOrderStatus(id: number, status: OrderStatus): Promise<Order> {
  return api('updateOrderStatus', { params: { id }, body: { status } });
}

const logItemsFailure = (error: unknown) => console.error('Error fetching order items:', error);

/**
 * One order's lines for the details modal and the packing slip. A failure is logged (spec section 8);
 * `failed` and `reload` let the packing slip offer Try again instead of an empty slip.
 */
export function useOrderItems(orderId: number) {
  const { data, error, loading, refresh } = useQuery(
    ['orderItems', orderId],
    (signal) => api('orderItems', { params: { id: orderId }, signal }),
    { onError: logItemsFailure },
  );
  return { items: data ?? NO_ITEMS, loading, failed: !loading && error !== null, reload: refresh };
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
