/**
 * A small fixed store for the admin tests (seeded into the MSW core with resetMockStore), so the
 * assertions do not depend on whatever the generated demo catalogue holds.
 */
import type { Category } from '#contract/schemas/category';
import type { Order, OrderItem } from '#contract/schemas/order';
import type { Product } from '#contract/schemas/product';
import type { User } from '#contract/schemas/user';
import type { TinyProductRow } from '#tests/tiny-catalog';
import { TINY_CATEGORIES, tinyProductFields } from '#tests/tiny-catalog';

export interface AdminTestStore {
  categories: Category[];
  products: Product[];
  users: Array<User & { password: string }>;
  orders: Order[];
  orderItems: Array<OrderItem & { order_id: number }>;
}

export const SHOPPER = {
  id: 1,
  name: 'Sam Shopper',
  email: 'sam@threadline.test',
  phone: '15550100000',
  is_admin: 0 as const,
  password: 'shopper-pass-1',
};

function product(row: TinyProductRow): Product {
  const fields = tinyProductFields(row);
  return {
    ...fields,
    short_description: fields.title,
    description: `<p>${fields.title}</p>`,
    sku: `TL-${fields.id}`,
    collections: [],
    created_at: `2026-01-0${fields.id}T10:00:00.000Z`,
  };
}

function order(id: number, status: string, shipping: string, extra: Partial<Order> = {}): Order {
  return {
    id,
    user_id: SHOPPER.id,
    name: SHOPPER.name,
    email: SHOPPER.email,
    total: 59.98,
    payment_method: 'cod',
    status,
    created_at: `2026-02-0${id}T09:30:00.000Z`,
    shipping_address: shipping,
    status_history: [],
    ...extra,
  };
}

const FULL_SHIPPING = JSON.stringify({
  name: 'Sam Shopper',
  phone: '15550100000',
  email: SHOPPER.email,
  order_address: '12 Elm St, Springfield, USA, IL',
  notes: 'Leave at the door',
});

export function adminTestStore(): AdminTestStore {
  return {
    categories: structuredClone([...TINY_CATEGORIES]),
    products: [
      product([1, 'Classic Cotton Tee', 25, 19.99, 0, ['S', 'M', 'L'], ['Navy', 'White']]),
      product([2, 'Slim Fit Jeans', 60, null, 1, ['30', '32'], ['Indigo']]),
      product([3, 'Rain Jacket', 120, 99.5, 2, ['M', 'L'], ['Olive']]),
      product([4, 'Striped Tee', 22, null, 0, ['S', 'M'], ['Red']]),
      product([5, 'Canvas Tote', 15, null, 0, [], []]),
    ],
    users: [{ ...SHOPPER }],
    orders: [
      order(1, 'pending', FULL_SHIPPING),
      order(2, 'processing', JSON.stringify({ name: 'Pat Doe', order_address: '' }), {
        name: 'Pat Doe',
        email: 'pat@threadline.test',
      }),
      order(3, 'shipped', '{not json', { payment_method: 'cod' }),
    ],
    orderItems: [
      {
        order_id: 1,
        id: 1,
        product_id: 1,
        product_title: 'Classic Cotton Tee',
        qty: 2,
        size: 'M',
        color: 'Navy',
        price: 19.99,
        size_id: 'M-1',
      },
      {
        order_id: 1,
        id: 2,
        product_id: 2,
        product_title: 'Slim Fit Jeans',
        qty: 1,
        size: '32',
        color: 'Indigo',
        price: 60,
        size_id: null,
      },
    ],
  };
}
