import type { CartLine } from '#contract/schemas/cart';
import type { ShortLine } from '#contract/schemas/errors';
import { ApiError } from '#web/lib/api-client';

/**
 * The shop's 409 out_of_stock answer to Place Order (issue 14): which lines ask for more than is left, and
 * how many are. Matched by product, size and colour (not by position), so it reads right against the cart
 * the order was sent with.
 */
export type Refusal = readonly ShortLine[];

export function stockRefusal(err: unknown): Refusal | null {
  if (!(err instanceof ApiError) || err.body?.code !== 'out_of_stock') return null;
  return err.body.lines ?? [];
}

export function shortFor(refusal: Refusal, line: CartLine): ShortLine | undefined {
  return refusal.find(
    (s) => s.product_id === line.productId && s.size === line.selectedSize && s.color === line.selectedColor,
  );
}

/** What the line says under it: Only N left, or Sold out. */
export function refusalNote(short: ShortLine): string {
  return short.available === 0 ? 'Sold out' : `Only ${short.available} left`;
}

/** The cart lowered to what the shop said is left; lines with nothing left are removed. */
export function lowerToAvailable(lines: readonly CartLine[], refusal: Refusal): CartLine[] {
  return lines.flatMap((l) => {
    const short = shortFor(refusal, l);
    if (!short || l.qty <= short.available) return [l];
    return short.available > 0 ? [{ ...l, qty: short.available }] : [];
  });
}
