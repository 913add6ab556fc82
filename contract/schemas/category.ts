import { z } from 'zod';
import { line, lineText } from '#contract/rules/text';
import { LIMITS } from '#contract/limits';

export const idSchema = z.number().int().positive();

/** A URL of an image we serve, as stored on a product or category. */
export const imageUrlSchema = lineText(LIMITS.imageUrl);
/** An image as the admin forms send it: a data URL (or a URL we already serve, on edit). */
export const imageInputSchema = lineText(LIMITS.dataUrl);

export const categorySchema = z.object({
  id: idSchema,
  name: lineText(LIMITS.categoryName),
  slug: lineText(LIMITS.slug),
  image: imageUrlSchema.nullable(),
});
export type Category = z.infer<typeof categorySchema>;

/** The category as it is embedded in a product. */
export const categoryRefSchema = categorySchema.pick({ id: true, name: true, slug: true });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

export const categoryListSchema = z.array(categorySchema);

export const CATEGORY_NAME_MAX = LIMITS.categoryName;

export const createCategoryBodySchema = z.object({
  name: line(z.string().trim().min(1, 'Please enter category name').max(CATEGORY_NAME_MAX)),
  image: imageInputSchema.min(1, 'Please select an image'),
});
export type CreateCategoryBody = z.infer<typeof createCategoryBodySchema>;

export const updateCategoryBodySchema = z.object({
  name: line(z.string().trim().min(1, 'Please enter category name').max(CATEGORY_NAME_MAX)),
  slug: line(z.string().trim().max(LIMITS.slugInput)).optional(),
  image: imageInputSchema.min(1).optional().nullable(),
});
export type UpdateCategoryBody = z.infer<typeof updateCategoryBodySchema>;
