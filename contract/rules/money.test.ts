import { describe, expect, it } from 'vitest';
import { formatMoney, linesTotalCents } from './money';

describe('formatMoney', () => {
  it('shows the currency, thousand separators, and cents only when there are some', () => {
    expect(formatMoney(1234.5, 'USD', 'en-US')).toBe('USD 1,234.50');
    expect(formatMoney(1234, 'USD', 'en-US')).toBe('USD 1,234');
    expect(formatMoney(0.1 + 0.2, 'EUR', 'en-US')).toBe('EUR 0.30');
    // The formatters are kept per locale and cents: one call does not change the next one's shape.
    expect(formatMoney(5, 'USD', 'de-DE')).toBe('USD 5');
    expect(formatMoney(1234.5, 'USD', 'de-DE')).toBe('USD 1.234,50');
    expect(formatMoney(1234.5, 'USD', 'en-US')).toBe('USD 1,234.50');
  });

  it('sums lines in cents', () => {
    expect(linesTotalCents([{ price: 0.1, qty: 3 }, { price: 19.99, qty: 2 }])).toBe(4028);
  });
});
