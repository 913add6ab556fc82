/** The listing's sorts (spec section 4), without zod: the web app's first load reads them (catalog-query.ts). */
export const SORTS = ['latest', 'price_asc', 'price_desc'] as const;
export type Sort = (typeof SORTS)[number];
