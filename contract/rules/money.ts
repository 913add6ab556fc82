/** Money is integer cents inside; the API carries decimal numbers as the spec says. */
export type Cents = number;

export function toCents(amount: number): Cents {
  return Math.round(amount * 100);
}

export function fromCents(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** Sum of price x qty over lines, computed in cents so 0.1 + 0.2 never shows up. */
export function linesTotalCents(lines: ReadonlyArray<{ price: number; qty: number }>): Cents {
  return lines.reduce((sum, l) => sum + toCents(l.price) * l.qty, 0);
}

/** "USD 1,234.50" style: currency code, locale thousand separators, cents only when needed. */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  const value = fromCents(toCents(amount));
  const hasCents = !Number.isInteger(value);
  const text = value.toLocaleString(locale, {
    minimumFractionDigits: hasCents ? 2 : 0,
    maximumFractionDigits: 2,
  });
  return `${currency} ${text}`;
}

/** The price a shopper pays: the sale price when present, otherwise the regular price (spec section 3). */
export function effectivePrice(p: { sale_price: number | null; regular_price: number }): number {
  return p.sale_price !== null && p.sale_price !== undefined && p.sale_price > 0 ? p.sale_price : p.regular_price;
}
