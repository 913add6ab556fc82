/**
 * What the two small fixed test stores share (server/test/tiny-seed.ts for the server's tests,
 * web/src/test/admin-data.ts for the admin screens'): the three categories and the product fields both
 * fill alike. Each store words its own descriptions, SKUs and dates.
 */
import type { Category } from '#contract/schemas/category';

export const TINY_CATEGORIES: readonly Category[] = [
  { id: 1, name: 'T-Shirts', slug: 't-shirts', image: '/uploads/demo/cat-t-shirts.webp' },
  { id: 2, name: 'Jeans', slug: 'jeans', image: '/uploads/demo/cat-jeans.webp' },
  { id: 3, name: 'Jackets', slug: 'jackets', image: null },
];

/** A product row: id, title, regular and sale price, its category's index in TINY_CATEGORIES, sizes, colours. */
export type TinyProductRow = [
  id: number,
  title: string,
  regular: number,
  sale: number | null,
  category: number,
  sizes: string[],
  colors: string[],
];

export function tinyProductFields([id, title, regular, sale, category, sizes, colors]: TinyProductRow) {
  const c = TINY_CATEGORIES[category]!;
  return {
    id,
    title,
    featured_image: `/uploads/demo/product-${id}.webp`,
    images: [{ url: `/uploads/demo/product-${id}.webp` }],
    sale_price: sale,
    regular_price: regular,
    categories: [{ id: c.id, name: c.name, slug: c.slug }],
    sizes,
    colors,
  };
}
