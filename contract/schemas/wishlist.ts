import { z } from 'zod';
import { lineText } from '#contract/rules/text';
import { LIMITS } from '#contract/limits';
import { idSchema } from './category';
import { productSchema } from './product';

/** GET /wishlist: the saved products, newest first; `product` is null once the shop removed it. */
export const wishlistItemSchema = z.object({
  product_id: idSchema,
  added_at: lineText(LIMITS.stamp),
  product: productSchema.nullable(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;
export const wishlistSchema = z.object({ items: z.array(wishlistItemSchema).max(LIMITS.wishlist) });
export type Wishlist = z.infer<typeof wishlistSchema>;
