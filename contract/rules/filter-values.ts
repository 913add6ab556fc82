/**
 * The zod-free part of the listing's size and colour filters (catalog-filters.ts), apart so the shop's pages can
 * read it without loading zod and the contract's schemas with their first scripts (issue 28).
 */

/** The most values one repeatable filter takes (a shop has far fewer sizes or colours to pick from). */
export const FILTER_VALUES_MAX = 20;

/** Sizes and colours compare trimmed and lower-cased ("m" finds "M"). */
export const filterKey = (s: string): string => s.trim().toLowerCase();
