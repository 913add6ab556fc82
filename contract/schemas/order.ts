import { z } from 'zod';
import { idSchema } from './category';
import { priceSchema } from './product';

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'completed', 'cancelled'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const PAYMENT_METHODS = ['cod'] as const;
export const QTY_MIN = 1;
export const QTY_MAX = 100;
export const ORDER_LINES_MAX = 100;

/** One cart line as the client sends it. The price is accepted for compatibility and ignored. */
export const orderLineInputSchema = z.object({
  productId: z.coerce.number().int().positive(),
  sizeId: z.union([z.string(), z.number()]).nullable().optional(),
  qty: z.number().int().min(QTY_MIN).max(QTY_MAX),
  price: z.number().optional(),
  selectedColor: z.string().max(60).default(''),
  selectedSize: z.string().max(60).default(''),
});

/** What the shipping_address JSON text holds. The structured parts are optional extras of ours. */
export const shippingDetailsSchema = z.object({
  name: z.string().max(120).default(''),
  phone: z.string().max(40).default(''),
  email: z.string().max(200).default(''),
  notes: z.string().max(2000).default(''),
  order_address: z.string().max(1000).default(''),
  address: z.string().max(300).optional(),
  street: z.string().max(300).optional(),
  city: z.string().max(120).optional(),
  country: z.string().max(120).optional(),
  province: z.string().max(120).optional(),
});
export type ShippingDetails = z.infer<typeof shippingDetailsSchema>;

export const placeOrderBodySchema = z.object({
  cart: z.array(orderLineInputSchema).min(1, 'Cart is empty').max(ORDER_LINES_MAX),
  shipping_address: z.string().max(5000),
  payment_method: z.enum(PAYMENT_METHODS),
});
export type PlaceOrderBody = z.input<typeof placeOrderBodySchema>;

export const placeOrderResponseSchema = z.object({ orderId: idSchema });

export const statusChangeSchema = z.object({
  at: z.string(),
  admin_id: idSchema,
  admin_name: z.string(),
  from: z.string(),
  to: orderStatusSchema,
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const orderSchema = z.object({
  id: idSchema,
  user_id: idSchema,
  name: z.string(),
  email: z.string(),
  total: priceSchema,
  payment_method: z.string(),
  status: z.string(),
  created_at: z.string(),
  shipping_address: z.string(),
  status_history: z.array(statusChangeSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const orderItemSchema = z.object({
  id: idSchema,
  product_id: idSchema,
  product_title: z.string(),
  qty: z.number().int(),
  size: z.string(),
  color: z.string(),
  price: priceSchema,
  size_id: z.union([z.string(), z.number()]).nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const updateOrderStatusBodySchema = z.object({ status: orderStatusSchema });
