/**
 * Stock helpers for the storefront tests (issue 14), imported by *.test.tsx only: a demo product with a
 * stock we choose (reseeded, so nothing depends on the generated catalogue's stock), and the admin's
 * restock through the API, which is what turns waiting shoppers' requests into notifications.
 */
import type { InventoryLine } from '#contract/schemas/stock';
import type { Product } from '#contract/schemas/product';
import { getMockToken } from '#mock-api/mock-store';
import { api } from '#web/lib/api-client';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { reseed, type DemoData } from './catalog-store';
import { signIn } from './shop-session';

/** A demo product with at least two sizes and two colours. */
export function sizedProduct(demo: DemoData, skip = 0): Product {
  const found = demo.products.filter((p) => p.sizes.length > 1 && p.colors.length > 1)[skip];
  if (!found) throw new Error('the demo store needs products with two sizes and two colours');
  return found;
}

/**
 * Every size × colour of the product with `plenty` units, except the ones named in `set`
 * ("size|colour" -> units).
 */
export function stockOf(p: Product, set: Record<string, number>, plenty = 20): InventoryLine[] {
  return p.sizes.flatMap((size) =>
    p.colors.map((color) => ({ size, color, quantity: set[`${size}|${color}`] ?? plenty })),
  );
}

/**
 * Reseeds the mock with the first sized products given these stocks (in order), the rest untracked, and
 * returns those products as the shop now serves them.
 */
export async function reseedWithStock(
  ...stocks: Array<(p: Product) => InventoryLine[]>
): Promise<{ demo: DemoData; products: Product[] }> {
  const demo = await reseed((d) => {
    for (const p of d.products) delete p.inventory;
    stocks.forEach((stock, i) => {
      const p = sizedProduct(d, i);
      p.inventory = stock(p);
    });
  });
  return { demo, products: stocks.map((_, i) => sizedProduct(demo, i)) };
}

/** Reseeds with the first sized product `units` left of its `at`-th size and colour (plenty of the rest). */
export async function reseedWithLeft(units: number, at = 0): Promise<Product> {
  const {
    products: [p],
  } = await reseedWithStock((q) => stockOf(q, { [`${q.sizes[at]}|${q.colors[at]}`]: units }));
  return p!;
}

/** The admin sets these lines' units through PUT /products/{id} (other fields sent as they are; a missing image and missing collections stay). */
export async function adminRestock(p: Product, lines: InventoryLine[]): Promise<void> {
  const token = await getMockToken('admin');
  await api('updateProduct', {
    params: { id: p.id },
    token,
    body: {
      title: p.title,
      description: p.description,
      short_description: p.short_description,
      regular_price: p.regular_price,
      sale_price: p.sale_price,
      sku: p.sku,
      category: p.categories[0]?.id ?? null,
      sizes: p.sizes,
      colors: p.colors,
      inventory: lines,
    },
  });
}

/** The demo shopper asks to be told when this size and colour is back. */
export async function shopperWaitsFor(p: Product, size: string, color: string): Promise<void> {
  const token = await getMockToken('shopper');
  await api('notifyMe', { params: { id: p.id }, body: { size, color }, token });
}

/**
 * The cart and checkout tests' shop: one product with 2 units left and one sold out (each in its first
 * size × colour), and an untracked product with sizes and colours.
 */
export async function reseedLowGoneUntracked(): Promise<{ low: Product; gone: Product; untracked: Product }> {
  const {
    demo,
    products: [low, gone],
  } = await reseedWithStock(
    (p) => stockOf(p, { [`${p.sizes[0]}|${p.colors[0]}`]: 2 }),
    (p) => stockOf(p, { [`${p.sizes[0]}|${p.colors[0]}`]: 0 }),
  );
  const untracked = demo.products.find((p) => !p.inventory && p.sizes.length && p.colors.length);
  if (!low || !gone || !untracked) throw new Error('the demo lacks the products these tests need');
  return { low, gone, untracked };
}

/**
 * One back-in-stock notification for the signed-in demo shopper: the first sized product sold out in its
 * `at`-th size and colour, the shopper waiting for it, then `quantity` units back. Returns the product
 * and that size and colour.
 */
export async function oneBackInStock(
  at: number,
  quantity: number,
): Promise<{ p: Product; size: string; color: string }> {
  const p = await reseedWithLeft(0, at);
  const [size, color] = [p.sizes[at]!, p.colors[at]!];
  await signIn('shopper');
  await shopperWaitsFor(p, size, color);
  await adminRestock(p, [{ size, color, quantity }]);
  await waitFor(async () => expect(await api('listNotifications')).toHaveLength(1));
  return { p, size, color };
}
