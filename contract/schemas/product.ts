import { z } from 'zod';
import { line, lineText, multilineText } from '#contract/rules/text';
import { LIMITS } from '#contract/limits';
import { categoryRefSchema, idSchema, imageInputSchema, imageUrlSchema } from './category';
import { inventorySchema } from './stock';
import { facetsSchema } from '#contract/rules/catalog-filters';

/** Prices travel as decimal numbers (the spec's API); inside they are integer cents (rules/money). */
export const priceSchema = z.number().finite().nonnegative().max(1_000_000);

export const COLLECTION_SLUGS = ['timeless-style', 'everyday-comfort', 'modern-streetwear'] as const;

export const productImageSchema = z.object({ url: imageUrlSchema });

const labelListSchema = z.array(lineText(LIMITS.label)).max(LIMITS.tags);

export const productSchema = z.object({
  id: idSchema,
  title: lineText(LIMITS.title),
  short_description: multilineText(LIMITS.shortDescription),
  description: multilineText(LIMITS.description),
  sku: lineText(LIMITS.sku),
  featured_image: imageUrlSchema.nullable(),
  images: z.array(productImageSchema).max(LIMITS.galleryImages),
  sale_price: priceSchema.nullable(),
  regular_price: priceSchema,
  categories: z.array(categoryRefSchema).max(LIMITS.productCategories),
  sizes: labelListSchema,
  colors: labelListSchema,
  collections: z.array(lineText(LIMITS.slug)).max(LIMITS.tags),
  created_at: lineText(LIMITS.stamp),
  /**
   * Ours (issue 14): units left per size × colour, each shown up to STOCK_SHOWN_MAX
   * (contract/rules/stock.ts). Absent: the product does not track stock and is always orderable.
   */
  inventory: inventorySchema.optional(),
});
export type Product = z.infer<typeof productSchema>;

export const productListResponseSchema = z.object({
  items: z.array(productSchema),
  total: z.number().int().nonnegative(),
  maxPrice: z.number().nonnegative(),
  /** Ours (issue 29): the facet counts, with `facets=1` (contract/rules/catalog-filters.ts). */
  facets: facetsSchema.optional(),
  /** Ours (issue 29): a search text that finds nothing, corrected so that it finds something. */
  suggestion: z.string().max(400).optional(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** Sizes and colours: a list or a comma-separated string (spec section 3), trimmed and unique. */
const tagListSchema = z
  .union([z.array(lineText(LIMITS.label)).max(LIMITS.tags * 4), lineText((LIMITS.label + 1) * LIMITS.tags)])
  .transform((v) => (typeof v === 'string' ? v.split(',') : v))
  .transform((list) => [...new Set(list.map((s) => s.trim()).filter(Boolean))])
  .pipe(labelListSchema);

/** POST /products and PUT /products/{id}: the admin product form (spec section 3). */
export const productFormBodySchema = z.object({
  title: line(z.string().trim().min(1, 'Title is required').max(LIMITS.title)),
  description: multilineText(LIMITS.description).default(''),
  short_description: multilineText(LIMITS.shortDescription).optional(),
  regular_price: z.coerce.number().pipe(priceSchema),
  sale_price: z
    // '' first: coercing '' would give 0, a "sale price" of zero.
    .union([z.literal(''), z.null(), z.coerce.number().pipe(priceSchema)])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  sku: line(z.string().trim().max(LIMITS.sku)).optional().default(''),
  category: z
    .union([z.coerce.number().int().positive(), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v)),
  image: imageInputSchema.optional().nullable(),
  sizes: tagListSchema.optional().default([]),
  colors: tagListSchema.optional().default([]),
  collections: z.array(z.enum(COLLECTION_SLUGS)).optional(),
  /**
   * Ours (issue 14). Absent: the stock stays as it is. null: the product stops tracking stock. A list:
   * those sizes × colours now have exactly these units (others keep theirs; a product that tracked
   * nothing tracks these from now on). Each size and colour must be one of the form's.
   */
  inventory: z.union([inventorySchema, z.null()]).optional(),
});
export type ProductFormBody = z.input<typeof productFormBodySchema>;
export type ProductForm = z.output<typeof productFormBodySchema>;

export const productImagesBodySchema = z.object({
  images: z.array(imageInputSchema.min(1)).min(1).max(LIMITS.imagesPerUpload),
});

export const createdIdSchema = z.object({ id: idSchema });
export const okSchema = z.object({ ok: z.literal(true) });
