/** The bench catalogue: categories and products as stored by Threadline, generated from a fixed seed. */
import type { Category } from '#contract/schemas/category';
import type { StoredProduct } from '#server/core/records';
import type { Rng } from '#fixtures/rng';
import { createMemoryStores } from '#server/store/memory-store';

const ADJECTIVES = [
  'Classic',
  'Slim',
  'Relaxed',
  'Organic',
  'Heavy',
  'Light',
  'Vintage',
  'Cropped',
  'Oversized',
];
const NOUNS = ['Tee', 'Jeans', 'Hoodie', 'Jacket', 'Shirt', 'Chinos', 'Sweater', 'Shorts', 'Cap', 'Coat'];
const COLLECTIONS = ['everyday-comfort', 'modern-streetwear', 'summer-edit', 'outdoor'];

export const BENCH_CATEGORIES: Category[] = [
  't-shirts',
  'jeans',
  'hoodies',
  'jackets',
  'shirts',
  'trousers',
  'knitwear',
  'accessories',
].map((slug, i) => ({ id: i + 1, name: slug.replace(/-/g, ' '), slug, image: null }));

/** The filtered read of the bench: a category, a price ceiling and a price sort. */
export const FILTER = { category: 'jackets', maxPrice: 80, sort: 'price_asc' } as const;

const START = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;

export function benchProduct(rng: Rng, id: number): StoredProduct {
  const regular = 10 + rng.int(190) + (rng.int(2) ? 0.99 : 0);
  const title = `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} ${id}`;
  return {
    id,
    title,
    short_description: `${title}, made to last.`,
    description: `<p>${title}, cut from a soft, hard-wearing fabric and made to last.</p>`,
    sku: `TL-${String(id).padStart(6, '0')}`,
    featured_image: `/uploads/demo/product-${(id % 40) + 1}.webp`,
    images: [{ url: `/uploads/demo/product-${(id % 40) + 1}.webp` }],
    sale_price: rng.next() < 0.3 ? Math.round(regular * 70) / 100 : null,
    regular_price: regular,
    category_ids: [BENCH_CATEGORIES[rng.int(BENCH_CATEGORIES.length)]!.id],
    sizes: ['S', 'M', 'L', 'XL'],
    colors: ['#000000', '#ffffff', '#1e3a5f'],
    // At most three: a product's collections are limited (contract LIMITS), and a fourth would be quarantined.
    collections: COLLECTIONS.filter(() => rng.next() < 0.3).slice(0, 3),
    created_at: new Date(START + rng.int(700) * DAY + rng.int(DAY)).toISOString(),
  };
}

/** Memory stores holding the bench categories and these products (the in-process benches' catalogue). */
export async function benchStores(products: StoredProduct[]) {
  const stores = createMemoryStores();
  await stores.categories.mutate(() => ({
    rows: BENCH_CATEGORIES.map((c) => ({ ...c })),
    result: undefined,
  }));
  await stores.products.mutate(() => ({ rows: products, result: undefined }));
  return stores;
}
