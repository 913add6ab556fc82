import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, linesTotalCents } from './money';

describe('formatMoney', () => {
  it('shows the currency, thousand separators, and cents only when there are some', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('USD 1,234.50');
    expect(formatMoney(1234, 'USD')).toBe('USD 1,234');
    expect(formatMoney(0.1 + 0.2, 'EUR')).toBe('EUR 0.30');
    expect(formatMoney(1234567.05, 'USD')).toBe('USD 1,234,567.05');
    expect(formatMoney(0, 'USD')).toBe('USD 0');
    expect(formatMoney(-12.5, 'USD')).toBe('USD -12.50');
  });

  it('writes what en-US number formatting writes, for any amount in cents', () => {
    const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
    const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (c) => {
        const amount = c / 100;
        const f = Number.isInteger(amount) ? whole : cents;
        expect(formatMoney(amount, 'USD')).toBe(`USD ${f.format(amount)}`);
      }),
      { numRuns: 2000 },
    );
  });

  it('sums lines in cents', () => {
    expect(linesTotalCents([{ price: 0.1, qty: 3 }, { price: 19.99, qty: 2 }])).toBe(4028);
  });
});
