/**
 * What a placed order's request means, before any price is looked up: the shipping details (the
 * spec's shape or ours), the cart with repeated lines merged, and a fingerprint of the request that
 * tells a retry (same key, same request) from a reused Idempotency-Key (same key, another request).
 */
import { ORDER_LIMITS } from '#contract/limits';
import { SHIPPING_FLAT, shippingForOrder } from '#contract/rules/shipping';
import type { CheckoutErrors } from '#contract/rules/validation';
import { phoneError, validateCheckout } from '#contract/rules/validation';
import type { OrderLineInput, PlaceOrderInput, ShippingDetails } from '#contract/schemas/order';
import { shippingDetailsSchema } from '#contract/schemas/order';
import { validationFailed } from '../api/errors';

/** Invalid JSON counts as an empty object (spec section 8), which then fails the checkout rules. */
export function parseShipping(text: string): ShippingDetails {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    raw = {};
  }
  const parsed = shippingDetailsSchema.safeParse(raw && typeof raw === 'object' ? raw : {});
  if (parsed.success) return parsed.data;
  // The details' own fields too (`shipping_address.name`), so a refused character is found where it is.
  const fields: Record<string, string> = { shipping_address: 'Invalid shipping address' };
  for (const issue of parsed.error.issues)
    fields[`shipping_address.${issue.path.join('.')}`] ??= issue.message;
  throw validationFailed(fields);
}

/**
 * The spec's client sends name, order_address, phone, email and notes only; ours adds the structured
 * street, city and province. With the structured parts the section-5 checkout rules apply; without
 * them, name, phone and a non-empty order_address are required. Shipping is 20 when a city is known:
 * the structured city, or, in the spec's shape, always (its checkout cannot be sent without a city,
 * so its order_address always names one).
 */
export function checkShipping(details: ShippingDetails): { shipping: number } {
  const structured = [details.street, details.city, details.province].some((v) => v !== undefined);
  let errors: CheckoutErrors & { order_address?: string } = {};
  if (structured) {
    errors = validateCheckout({
      name: details.name,
      address: details.address,
      street: details.street ?? '',
      city: details.city ?? '',
      province: details.province ?? '',
      phone: details.phone,
    });
  } else {
    if (!details.name.trim()) errors.name = 'Name is required';
    if (!details.order_address.trim()) errors.order_address = 'Address is required';
    const phone = phoneError(details.phone);
    if (phone) errors.phone = phone;
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  return { shipping: structured ? shippingForOrder(details.city) : SHIPPING_FLAT };
}

export interface MergedLine extends OrderLineInput {
  /** Where the line (its first occurrence) stood in the request, for field messages. */
  at: number;
}

/**
 * One line per product, size and colour (older carts repeated them), then the order limits: lines,
 * quantity per line and items in all. The total's limit is checked once prices are known.
 */
export function mergeLines(cart: readonly OrderLineInput[]): MergedLine[] {
  const byVariant = new Map<string, MergedLine>();
  cart.forEach((line, at) => {
    const size = line.selectedSize.trim();
    const color = line.selectedColor.trim();
    const key = JSON.stringify([line.productId, size, color]);
    const seen = byVariant.get(key);
    if (seen) {
      seen.qty += line.qty;
      seen.sizeId ??= line.sizeId;
    } else byVariant.set(key, { ...line, selectedSize: size, selectedColor: color, at });
  });
  const lines = [...byVariant.values()];
  const fields: Record<string, string> = {};
  if (lines.length > ORDER_LIMITS.lines)
    fields.cart = `An order can hold at most ${ORDER_LIMITS.lines} different items`;
  for (const l of lines)
    if (l.qty > ORDER_LIMITS.qtyPerLine)
      fields[`cart.${l.at}.qty`] = `At most ${ORDER_LIMITS.qtyPerLine} of one item per order`;
  if (lines.reduce((n, l) => n + l.qty, 0) > ORDER_LIMITS.items)
    fields.cart ??= `An order can hold at most ${ORDER_LIMITS.items} items`;
  if (Object.keys(fields).length) throw validationFailed(fields);
  return lines;
}

/** SHA-256 of what the request asks for (merged lines, shipping text, payment), in a fixed form. */
export async function requestHash(lines: readonly MergedLine[], input: PlaceOrderInput): Promise<string> {
  const canonical = JSON.stringify([
    lines.map((l) => [l.productId, l.selectedSize, l.selectedColor, l.qty, l.sizeId ?? null]),
    input.shipping_address,
    input.payment_method,
  ]);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
