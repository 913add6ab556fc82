import { z } from 'zod';
import { lineText } from '#contract/rules/text';
import { LIMITS } from '#contract/limits';
import type { OrderStatus } from './order';
import { orderSchema, orderStatusSchema } from './order';

/**
 * GET /orders for the admin at scale. Without any of page, limit, status and q the call is the spec's
 * plain list (every order, newest first), unchanged for clients that know nothing else; with one of
 * them it is a page `{ items, total, counts }`, newest first.
 */
export const ORDER_PAGE_LIMIT_MAX = 100;
export const ORDER_PAGE_LIMIT_DEFAULT = 20;
/** A bound on the number only: a page costs its own length whatever its number. */
export const ORDER_PAGE_MAX = 1_000_000;

export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(ORDER_PAGE_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(ORDER_PAGE_LIMIT_MAX).optional(),
  status: orderStatusSchema.optional(),
  /** Customer name or e-mail (any part, any case), or an order id (`123` or `#123`). */
  q: lineText(LIMITS.queryText).optional(),
});
export type OrderListQueryInput = z.input<typeof orderListQuerySchema>;
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

/** A request for a page rather than the spec's plain list: any of the four parameters is present. */
export const isPagedOrderQuery = (q: OrderListQuery): boolean =>
  q.page !== undefined || q.limit !== undefined || q.status !== undefined || q.q !== undefined;

const count = z.number().int().nonnegative();

/** Orders per status over the whole shop (whatever the page's filters); `all` also counts older, unlisted statuses. */
export const orderCountsSchema = z.object({
  all: count,
  pending: count,
  processing: count,
  shipped: count,
  completed: count,
  cancelled: count,
} satisfies Record<OrderStatus | 'all', typeof count>);
export type OrderCounts = z.infer<typeof orderCountsSchema>;

export const orderPageSchema = z.object({
  items: z.array(orderSchema).max(ORDER_PAGE_LIMIT_MAX),
  /** Orders matching status and q: the pages are ceil(total / limit). */
  total: count,
  counts: orderCountsSchema,
});
export type OrderPage = z.infer<typeof orderPageSchema>;

/** The plain list (no parameters) or a page (any parameter): see isPagedOrderQuery. */
export const orderListResponseSchema = z.union([z.array(orderSchema), orderPageSchema]);
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;
