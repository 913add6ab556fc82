import { z } from 'zod';
import { line } from '#contract/rules/text';
import { idSchema, imageUrlSchema } from './category';
import { priceSchema } from './product';

/**
 * GET /search/suggest?q= (ours, issue 29): what the search box offers as the shopper types — the best
 * products for the text so far (the last word as the start of a word, typos tolerated) and the matching
 * categories.
 */
export const SUGGEST_PRODUCTS = 6;
export const SUGGEST_CATEGORIES = 6;
/** The same limit as the listing's `q`. */
export const SEARCH_TEXT_MAX = 200;

export const suggestQuerySchema = z.object({
  q: line(
    z
      .string({ error: 'Enter something to search for' })
      .trim()
      .min(1, 'Enter something to search for')
      .max(SEARCH_TEXT_MAX, `At most ${SEARCH_TEXT_MAX} characters`),
  ),
});
export type SuggestQuery = z.output<typeof suggestQuerySchema>;

export const suggestionsSchema = z.object({
  products: z
    .array(
      z.object({
        id: idSchema,
        title: z.string(),
        /** The price the shop charges now (the sale price when there is one). */
        price: priceSchema,
        image: imageUrlSchema.nullable(),
      }),
    )
    .max(SUGGEST_PRODUCTS),
  categories: z.array(z.object({ name: z.string(), slug: z.string() })).max(SUGGEST_CATEGORIES),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;
