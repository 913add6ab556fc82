/**
 * A tiny, fixed demo store with the same shape as fixtures/generate.ts, for tests that need exact
 * known data (prices, sizes, colours) whatever the generated catalogue looks like.
 */
import type { DemoStore } from '#server/core/seed';
import type { TinyProductRow } from '#tests/tiny-catalog';
import { TINY_CATEGORIES, tinyProductFields } from '#tests/tiny-catalog';

export const TINY_SHOPPER = { email: 'shopper@threadline.example', password: 'shopper-pass-1' };
/** A second shopper, for suites that need two accounts without spending the registration budget. */
export const TINY_SHOPPER_2 = { email: 'second@threadline.example', password: 'shopper-pass-2' };

export function tinyDemoStore(): DemoStore {
  const product = (row: TinyProductRow, day: number) => {
    const fields = tinyProductFields(row);
    return {
      ...fields,
      short_description: `${fields.title}, made to last.`,
      description: `<p>${fields.title}, made to last.</p>`,
      sku: `TL-${String(fields.id).padStart(5, '0')}`,
      collections: fields.id % 2 ? ['everyday-comfort'] : ['modern-streetwear'],
      created_at: `2026-01-${String(day).padStart(2, '0')}T10:00:00.000Z`,
    };
  };
  return {
    categories: structuredClone([...TINY_CATEGORIES]),
    products: [
      product([1, 'Classic Cotton Tee', 25, 19.99, 0, ['S', 'M', 'L'], ['#1e3a5f', '#ffffff']], 1),
      product([2, 'Slim Fit Jeans', 60, null, 1, ['30', '32', '34'], ['#223355']], 2),
      product([3, 'Rain Jacket', 120, 99.5, 2, ['M', 'L'], ['#2f4f2f', '#000000']], 3),
      product([4, 'Striped Tee', 22, null, 0, ['S', 'M'], ['#aa0000']], 4),
      product([5, 'Canvas Tote', 15, null, 0, [], []], 5),
    ],
    users: [
      {
        id: 1,
        name: 'Sam Shopper',
        email: TINY_SHOPPER.email,
        phone: '15550100000',
        is_admin: 0,
        password: TINY_SHOPPER.password,
      },
      {
        id: 2,
        name: 'Robin Second',
        email: TINY_SHOPPER_2.email,
        phone: '15550100001',
        is_admin: 0,
        password: TINY_SHOPPER_2.password,
      },
    ],
    orders: [],
    orderItems: [],
  };
}
