import { describe, expect, it } from 'vitest';
import { LIMITS } from '#contract/limits';
import { applyChange, cellKey, EMPTY_DRAFT, parseQuantity, stockChange, UNTRACKED } from './stock-draft';

describe('stock-draft: what a save sends for the stock grid', () => {
  it('reads only whole numbers from 0 to the limit', () => {
    expect(parseQuantity(' 12 ')).toBe(12);
    expect(parseQuantity('0')).toBe(0);
    expect(parseQuantity(String(LIMITS.stockQuantity))).toBe(LIMITS.stockQuantity);
    for (const bad of ['', '-1', '1.5', '1e3', String(LIMITS.stockQuantity + 1), 'abc']) {
      expect(parseQuantity(bad)).toBeNull();
    }
  });

  it('sends nothing for an untracked product left untracked, and null when tracking stops', () => {
    const axes = { sizes: ['M'], colors: [''] };
    expect(stockChange(UNTRACKED, EMPTY_DRAFT, axes)).toEqual({ ok: true, inventory: undefined });
    const tracked = { ...UNTRACKED, tracked: true, quantities: new Map([[cellKey('M', ''), 4]]) };
    expect(stockChange(tracked, { tracked: false, edits: {} }, axes)).toEqual({ ok: true, inventory: null });
    expect(applyChange(tracked, null).tracked).toBe(false);
  });

  it('refuses to start tracking more combinations than a product may have', () => {
    const many = Array.from({ length: LIMITS.variants + 1 }, (_, i) => `C${i}`);
    const change = stockChange(UNTRACKED, { tracked: true, edits: {} }, { sizes: [''], colors: many });
    expect(change).toMatchObject({ ok: false, invalid: [] });
    const within = stockChange(
      UNTRACKED,
      { tracked: true, edits: {} },
      { sizes: [''], colors: many.slice(1) },
    );
    expect(within.ok).toBe(true);
  });
});
