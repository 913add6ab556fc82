import { z } from 'zod';

/** A cart line as the web app keeps it (cookie `cart`). */
export const cartLineSchema = z.object({
  productId: z.number().int().positive(),
  qty: z.number().int().min(1),
  price: z.number().nonnegative(),
  title: z.string(),
  image: z.string().nullable(),
  selectedSize: z.string(),
  selectedColor: z.string(),
  sizeId: z.union([z.string(), z.number()]).nullable().optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  shippingCost: z.number().nonnegative(),
});
export type Cart = z.infer<typeof cartSchema>;

export const shippingAddressSchema = z.object({
  address: z.string(),
  street: z.string(),
  city: z.string(),
  country: z.string(),
  province: z.string(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const EMPTY_SHIPPING_ADDRESS: ShippingAddress = {
  address: '',
  street: '',
  city: '',
  country: '',
  province: '',
};
