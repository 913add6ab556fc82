import { z } from 'zod';
import { lineText } from '#contract/rules/text';
import { LIMITS } from '#contract/limits';
import { idSchema, imageUrlSchema } from './category';

/**
 * Stock per size × colour (issue 14). A product with `inventory` tracks its stock; one without is
 * untracked and always orderable, as in the spec. A product without sizes (or colours) tracks the
 * empty string in that place.
 */
export const stockQuantitySchema = z.number().int().min(0).max(LIMITS.stockQuantity);

export const variantSchema = z.object({
  size: lineText(LIMITS.label),
  color: lineText(LIMITS.label),
});
export type Variant = z.infer<typeof variantSchema>;

export const inventoryLineSchema = variantSchema.extend({ quantity: stockQuantitySchema });
export type InventoryLine = z.infer<typeof inventoryLineSchema>;

export const inventorySchema = z.array(inventoryLineSchema).max(LIMITS.variants);

/** GET /products/{id}/stock (admin): the exact stock of every size × colour and who waits for it. */
export const variantStockSchema = variantSchema.extend({
  /** Units left; null when the product does not track stock. */
  quantity: z.number().int().nullable(),
  /** Shoppers waiting for a Notify me when it's back. */
  waiting: z.number().int().nonnegative(),
});
export const productStockSchema = z.object({
  tracked: z.boolean(),
  variants: z.array(variantStockSchema),
});
export type ProductStock = z.infer<typeof productStockSchema>;

/** POST /products/{id}/notify: a selected size and colour, as a cart line names them. */
export const notifyBodySchema = z.object({
  size: lineText(LIMITS.option).default(''),
  color: lineText(LIMITS.option).default(''),
});
export type NotifyBody = z.input<typeof notifyBodySchema>;

/** GET /notify-requests: what the signed-in shopper waits for. */
export const stockRequestSchema = z.object({
  product_id: idSchema,
  size: lineText(LIMITS.label),
  color: lineText(LIMITS.label),
  created_at: lineText(LIMITS.stamp),
});
export type StockRequest = z.infer<typeof stockRequestSchema>;
export const stockRequestListSchema = z.array(stockRequestSchema).max(LIMITS.stockRequests);

/** GET /notifications: a variant the shopper waited for is back. Newest first. */
export const notificationSchema = z.object({
  id: idSchema,
  product: z.object({
    id: idSchema,
    title: lineText(LIMITS.title),
    featured_image: imageUrlSchema.nullable(),
  }),
  size: lineText(LIMITS.label),
  color: lineText(LIMITS.label),
  created_at: lineText(LIMITS.stamp),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema).max(LIMITS.notifications);
