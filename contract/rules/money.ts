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

/**
 * Number formats by locale and cents: toLocaleString builds a new formatter on every call (about 0.1 ms
 * each in Chromium, so a listing's prices alone made the first render a long task); these are built once.
 */
const formats = new Map<string, Intl.NumberFormat>();
function formatOf(locale: string | undefined, cents: boolean): Intl.NumberFormat {
  const key = `${locale ?? ''}|${cents ? 2 : 0}`;
  let f = formats.get(key);
  if (!f)
    formats.set(
      key,
      (f = new Intl.NumberFormat(locale, { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 })),
    );
  return f;
}

/** "USD 1,234.50" style: currency code, locale thousand separators, cents only when needed. */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  const value = fromCents(toCents(amount));
  return `${currency} ${formatOf(locale, !Number.isInteger(value)).format(value)}`;
}

/** The price a shopper pays: the sale price when present, otherwise the regular price (spec section 3). */
export function effectivePrice(p: { sale_price: number | null; regular_price: number }): number {
  return p.sale_price !== null && p.sale_price !== undefined && p.sale_price > 0
    ? p.sale_price
    : p.regular_price;
}
