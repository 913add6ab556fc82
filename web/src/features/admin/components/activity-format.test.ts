import { describe, expect, it } from 'vitest';
import { describeEntry, fieldName, formatValue, plainText } from './activity-format';

describe('activity formatting', () => {
  it('says what was done to which record', () => {
    expect(describeEntry({ action: 'update', entity: 'product', label: 'Linen Shirt' })).toBe(
      'Updated product “Linen Shirt”',
    );
    expect(describeEntry({ action: 'create', entity: 'category', label: 'Hats' })).toBe(
      'Created category “Hats”',
    );
    expect(describeEntry({ action: 'delete', entity: 'product', label: 'Tee' })).toBe(
      'Deleted product “Tee”',
    );
    expect(describeEntry({ action: 'status', entity: 'order', label: 'Order #12' })).toBe(
      'Changed status of Order #12',
    );
    expect(describeEntry({ action: 'import', entity: 'product', label: 'Import of 3 products' })).toBe(
      'Import of 3 products',
    );
  });

  it('names fields in words', () => {
    expect(fieldName('regular_price')).toBe('Regular price');
    expect(fieldName('stock M / Navy')).toBe('Stock M / Navy');
    expect(fieldName('#12 sale_price')).toBe('#12 sale price');
  });

  it('formats values: nothing as a dash, lists joined, prices as money, flags as words', () => {
    expect(formatValue('sku', null)).toBe('—');
    expect(formatValue('sku', '')).toBe('—');
    expect(formatValue('sizes', [])).toBe('—');
    expect(formatValue('sizes', ['S', 'M', 'L'])).toBe('S, M, L');
    expect(formatValue('regular_price', 1250)).toBe('USD 1,250');
    expect(formatValue('sale_price', 19.9)).toBe('USD 19.90');
    expect(formatValue('#7 regular_price', 5)).toBe('USD 5');
    expect(formatValue('stock M / Navy', 1200)).toBe('1,200');
    expect(formatValue('featured', true)).toBe('Yes');
  });

  it('shows HTML as its plain text, blocks on their own lines', () => {
    expect(plainText('<p>Soft &amp; <strong>warm</strong></p><p>Second<br>line</p>')).toBe(
      'Soft & warm\nSecond\nline',
    );
    expect(plainText('<img src=x onerror="alert(1)">Safe')).toBe('Safe');
    expect(plainText('2 < 3 and plain')).toBe('2 < 3 and plain');
  });
});
