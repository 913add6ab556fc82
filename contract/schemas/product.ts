import { z } from 'zod';
import { categoryRefSchema, idSchema } from './category';

/** Prices travel as decimal numbers (the spec's API); inside they are integer cents (rules/money). */
export const priceSchema = z.number().finite().nonnegative().max(1_000_000);

export const COLLECTION_SLUGS = ['timeless-style', 'everyday-comfort', 'modern-streetwear'] as const;

export const productImageSchema = z.object({ url: z.string() });

export const productSchema = z.object({
  id: idSchema,
  title: z.string(),
  short_description: z.string(),
  description: z.string(),
  sku: z.string(),
  featured_image: z.string().nullable(),
  images: z.array(productImageSchema),
  sale_price: priceSchema.nullable(),
  regular_price: priceSchema,
  categories: z.array(categoryRefSchema),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  collections: z.array(z.string()),
  created_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productListResponseSchema = z.object({
  items: z.array(productSchema),
  total: z.number().int().nonnegative(),
  maxPrice: z.number().nonnegative(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

const tagListSchema = z
  .union([z.array(z.string().max(40)), z.string().max(2000)])
  .transform((v) => (typeof v === 'string' ? v.split(',') : v))
  .transform((list) => [...new Set(list.map((s) => s.trim()).filter(Boolean))])
  .pipe(z.array(z.string()).max(50));

/** POST /products and PUT /products/{id}: the admin product form (spec section 3). */
export const productFormBodySchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200),
  description: z.string().max(20_000).default(''),
  short_description: z.string().max(500).optional(),
  regular_price: z.coerce.number().pipe(priceSchema),
  sale_price: z
    // '' first: coercing '' would give 0, a "sale price" of zero.
    .union([z.literal(''), z.null(), z.coerce.number().pipe(priceSchema)])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  sku: z.string().trim().max(64).optional().default(''),
  category: z
    .union([z.coerce.number().int().positive(), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  image: z.string().optional().nullable(),
  sizes: tagListSchema.optional().default([]),
  colors: tagListSchema.optional().default([]),
  collections: z.array(z.enum(COLLECTION_SLUGS)).optional(),
});
export type ProductFormBody = z.input<typeof productFormBodySchema>;
export type ProductForm = z.output<typeof productFormBodySchema>;

export const productImagesBodySchema = z.object({
  images: z.array(z.string().min(1)).min(1).max(12),
});

export const createdIdSchema = z.object({ id: idSchema });
export const okSchema = z.object({ ok: z.literal(true) });
