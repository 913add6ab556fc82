/**
 * The first half of the contract's schema modules (the catalogue's: categories, stock, products, search and
 * countries), evaluated in a task of their own; schemas-warm-b.ts the rest in the next task, and the endpoint
 * table (api-schemas.ts) after both. On the page's main thread all of them were one task of about 40 ms (160 ms
 * at Lighthouse's fourfold slowdown: issues 28 and 29). No exports: the bundle keeps what the table uses.
 * vite.config.ts puts the two halves in chunks of their own (contract-schemas-a and -b).
 */
import '#contract/schemas/category';
import '#contract/schemas/stock';
import '#contract/schemas/product';
import '#contract/schemas/search';
import '#contract/schemas/countries';
