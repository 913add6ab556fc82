import type { CartLine } from '#contract/schemas/cart';

/** What a line that asks for more than is left says under it (issue 14); null when it fits. */
export function shortNote(qty: number, left: number | undefined): string | null {
  if (left === undefined || qty <= left) return null;
  return left === 0 ? 'Sold out' : `Only ${left} left`;
}

/** The cart with every line lowered to what is left of it; lines with nothing left are removed. */
export function lowerToLeft(
  lines: readonly CartLine[],
  leftOf: (line: CartLine) => number | undefined,
): CartLine[] {
  return lines.flatMap((l) => {
    const left = leftOf(l);
    if (left === undefined || l.qty <= left) return [l];
    return left > 0 ? [{ ...l, qty: left }] : [];
  });
}
