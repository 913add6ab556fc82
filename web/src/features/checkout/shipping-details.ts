import { shippingDetailsSchema, type ShippingDetails } from '#contract/schemas/order';

/**
 * An order's shipping_address JSON text as the shopper's screens show it. Anything unreadable counts as an
 * empty object (spec section 8), so an old or hand-edited order still opens.
 */
export function readShipping(text: string): ShippingDetails {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    raw = null;
  }
  const parsed = shippingDetailsSchema.safeParse(raw);
  return parsed.success ? parsed.data : shippingDetailsSchema.parse({});
}
