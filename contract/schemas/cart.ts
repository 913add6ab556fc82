import { z } from 'zod';
import { lineText } from '#contract/rules/text';
import { LIMITS, ORDER_LIMITS } from '#contract/limits';

/** The size id a cart line may carry (spec: read at checkout, where it is set is not shown). */
export const sizeIdSchema = z.union([lineText(LIMITS.option), z.number().finite()]).nullable();

/** A cart line as the web app keeps it (cookie `cart`). */
export const cartLineSchema = z.object({
  productId: z.number().int().positive(),
  qty: z.number().int().min(1),
  price: z.number().nonnegative(),
  title: lineText(LIMITS.title),
  image: lineText(LIMITS.imageUrl).nullable(),
  selectedSize: lineText(LIMITS.option),
  selectedColor: lineText(LIMITS.option),
  sizeId: sizeIdSchema.optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  lines: z.array(cartLineSchema).max(ORDER_LIMITS.lines * 10),
  shippingCost: z.number().nonnegative(),
});
export type Cart = z.infer<typeof cartSchema>;

const part = lineText(LIMITS.addressPart);
export const shippingAddressSchema = z.object({
  address: part,
  street: part,
  city: part,
  country: part,
  province: part,
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const EMPTY_SHIPPING_ADDRESS: ShippingAddress = {
  address: '',
  street: '',
  city: '',
  country: '',
  province: '',
};
