import { z } from 'zod';

export const idSchema = z.number().int().positive();

export const categorySchema = z.object({
  id: idSchema,
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
});
export type Category = z.infer<typeof categorySchema>;

/** The category as it is embedded in a product. */
export const categoryRefSchema = categorySchema.pick({ id: true, name: true, slug: true });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

export const categoryListSchema = z.array(categorySchema);

export const CATEGORY_NAME_MAX = 60;

export const createCategoryBodySchema = z.object({
  name: z.string().trim().min(1, 'Please enter category name').max(CATEGORY_NAME_MAX),
  image: z.string().min(1, 'Please select an image'),
});
export type CreateCategoryBody = z.infer<typeof createCategoryBodySchema>;

export const updateCategoryBodySchema = z.object({
  name: z.string().trim().min(1, 'Please enter category name').max(CATEGORY_NAME_MAX),
  slug: z.string().trim().max(80).optional(),
  image: z.string().min(1).optional().nullable(),
});
export type UpdateCategoryBody = z.infer<typeof updateCategoryBodySchema>;
