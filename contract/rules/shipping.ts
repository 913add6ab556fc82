/** Shipping is a fixed 20 in the store currency when a city is set (spec sections 4 and 9). */
export const SHIPPING_FLAT = 20;

/** The explicit cart update: 20 with a city, otherwise the current value is kept (initially 0). */
export function shippingAfterUpdate(city: string | undefined | null, current: number): number {
  return city && city.trim() ? SHIPPING_FLAT : current;
}

/** The server's rule for an order: 20 when its address names a city, else 0. */
export function shippingForOrder(city: string | undefined | null): number {
  return city && city.trim() ? SHIPPING_FLAT : 0;
}
