import { z } from 'zod';
import { LIMITS, ORDER_LIMITS } from '#contract/limits';
import { sizeIdSchema } from './cart';
import { idSchema } from './category';
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
  selectedColor: z.string().max(LIMITS.option).default(''),
  selectedSize: z.string().max(LIMITS.option).default(''),
});
export type OrderLineInput = z.output<typeof orderLineInputSchema>;

/** What the shipping_address JSON text holds. The structured parts are optional extras of ours. */
export const shippingDetailsSchema = z.object({
  name: z.string().max(LIMITS.personName).default(''),
  phone: z.string().max(LIMITS.phone).default(''),
  email: z.string().max(LIMITS.email).default(''),
  notes: z.string().max(LIMITS.notes).default(''),
  order_address: z.string().max(LIMITS.orderAddress).default(''),
  address: z.string().max(LIMITS.addressPart).optional(),
  street: z.string().max(LIMITS.addressPart).optional(),
  city: z.string().max(LIMITS.place).optional(),
  country: z.string().max(LIMITS.place).optional(),
  province: z.string().max(LIMITS.place).optional(),
});
export type ShippingDetails = z.infer<typeof shippingDetailsSchema>;

/**
 * The cart may repeat a product, size and colour (older clients merged per product only): lines are
 * merged before ORDER_LIMITS apply, so the list itself may be longer than the line limit.
 */
export const placeOrderBodySchema = z.object({
  cart: z.array(orderLineInputSchema).min(1, 'Cart is empty').max(ORDER_LIMITS.items),
  shipping_address: z.string().max(LIMITS.shippingText),
  payment_method: z.enum(PAYMENT_METHODS),
});
export type PlaceOrderBody = z.input<typeof placeOrderBodySchema>;
export type PlaceOrderInput = z.output<typeof placeOrderBodySchema>;

export const placeOrderResponseSchema = z.object({ orderId: idSchema });

export const statusChangeSchema = z.object({
  at: z.string().max(LIMITS.stamp),
  admin_id: idSchema,
  admin_name: z.string().max(LIMITS.email),
  from: z.string().max(LIMITS.label),
  to: orderStatusSchema,
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const orderSchema = z.object({
  id: idSchema,
  user_id: idSchema,
  name: z.string().max(LIMITS.personName),
  email: z.string().max(LIMITS.email),
  total: priceSchema,
  payment_method: z.string().max(LIMITS.label),
  status: z.string().max(LIMITS.label),
  created_at: z.string().max(LIMITS.stamp),
  shipping_address: z.string().max(LIMITS.storedShippingText),
  status_history: z.array(statusChangeSchema).max(LIMITS.statusHistory),
});
export type Order = z.infer<typeof orderSchema>;

export const orderItemSchema = z.object({
  id: idSchema,
  product_id: idSchema,
  product_title: z.string().max(LIMITS.title),
  qty: z.number().int().min(QTY_MIN).max(QTY_MAX),
  size: z.string().max(LIMITS.option),
  color: z.string().max(LIMITS.option),
  price: priceSchema,
  size_id: sizeIdSchema,
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const updateOrderStatusBodySchema = z.object({ status: orderStatusSchema });
