import { z } from 'zod';
import { lineText, multilineText } from '#contract/rules/text';
import { LIMITS, ORDER_LIMITS } from '#contract/limits';
import { sizeIdSchema } from './cart';
import { idSchema, imageUrlSchema } from './category';
import { priceSchema } from './product';

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'completed', 'cancelled'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const PAYMENT_METHODS = ['cod'] as const;
export const QTY_MIN = 1;
export const QTY_MAX = ORDER_LIMITS.qtyPerLine;
export const ORDER_LINES_MAX = ORDER_LIMITS.lines;

/** One cart line as the client sends it. The price is accepted for compatibility and ignored. */
export const orderLineInputSchema = z.object({
  productId: z.coerce.number().int().positive(),
  sizeId: sizeIdSchema.optional(),
  qty: z.number().int().min(QTY_MIN).max(QTY_MAX),
  price: z.number().optional(),
  selectedColor: lineText(LIMITS.option).default(''),
  selectedSize: lineText(LIMITS.option).default(''),
});
export type OrderLineInput = z.output<typeof orderLineInputSchema>;

/** What the shipping_address JSON text holds. The structured parts are optional extras of ours. */
export const shippingDetailsSchema = z.object({
  name: lineText(LIMITS.personName).default(''),
  phone: lineText(LIMITS.phone).default(''),
  email: lineText(LIMITS.email).default(''),
  notes: multilineText(LIMITS.notes).default(''),
  order_address: lineText(LIMITS.orderAddress).default(''),
  address: lineText(LIMITS.addressPart).optional(),
  street: lineText(LIMITS.addressPart).optional(),
  city: lineText(LIMITS.place).optional(),
  country: lineText(LIMITS.place).optional(),
  province: lineText(LIMITS.place).optional(),
});
export type ShippingDetails = z.infer<typeof shippingDetailsSchema>;

/**
 * The cart may repeat a product, size and colour (older clients merged per product only): lines are
 * merged before ORDER_LIMITS apply, so the list itself may be longer than the line limit.
 */
export const placeOrderBodySchema = z.object({
  cart: z.array(orderLineInputSchema).min(1, 'Cart is empty').max(ORDER_LIMITS.items),
  shipping_address: multilineText(LIMITS.shippingText),
  payment_method: z.enum(PAYMENT_METHODS),
});
export type PlaceOrderBody = z.input<typeof placeOrderBodySchema>;
export type PlaceOrderInput = z.output<typeof placeOrderBodySchema>;

export const placeOrderResponseSchema = z.object({ orderId: idSchema });

export const statusChangeSchema = z.object({
  at: lineText(LIMITS.stamp),
  admin_id: idSchema,
  admin_name: lineText(LIMITS.email),
  from: lineText(LIMITS.label),
  to: orderStatusSchema,
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** A change as an answer carries it: who made it is sent to administrators only (a shopper's leaves both out). */
export const statusChangeViewSchema = statusChangeSchema.partial({ admin_id: true, admin_name: true });
export type StatusChangeView = z.infer<typeof statusChangeViewSchema>;

export const orderSchema = z.object({
  id: idSchema,
  user_id: idSchema,
  name: lineText(LIMITS.personName),
  email: lineText(LIMITS.email),
  total: priceSchema,
  payment_method: lineText(LIMITS.label),
  status: lineText(LIMITS.label),
  created_at: lineText(LIMITS.stamp),
  shipping_address: multilineText(LIMITS.storedShippingText),
  status_history: z.array(statusChangeViewSchema).max(LIMITS.statusHistory),
});
export type Order = z.infer<typeof orderSchema>;

export const orderItemSchema = z.object({
  id: idSchema,
  product_id: idSchema,
  product_title: lineText(LIMITS.title),
  qty: z.number().int().min(QTY_MIN).max(QTY_MAX),
  size: lineText(LIMITS.option),
  color: lineText(LIMITS.option),
  price: priceSchema,
  size_id: sizeIdSchema,
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/**
 * An order line as GET /orders/{id}/items answers it: the stored line plus, as an extra of ours, the product's
 * current featured picture (null when it has none or is gone), so the shopper's order page can show it.
 */
export const orderItemViewSchema = orderItemSchema.extend({ image: imageUrlSchema.nullable().optional() });
export type OrderItemView = z.infer<typeof orderItemViewSchema>;

export const updateOrderStatusBodySchema = z.object({ status: orderStatusSchema });
