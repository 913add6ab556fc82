/**
 * The contract's schema modules, without the endpoint table built on them: api-client.ts evaluates this in a
 * task of its own, between zod and the table (api-schemas.ts). No exports: the bundle keeps what the table uses.
 */
import '#contract/schemas/activity';
import '#contract/schemas/category';
import '#contract/schemas/countries';
import '#contract/schemas/csv';
import '#contract/schemas/errors';
import '#contract/schemas/mail';
import '#contract/schemas/order';
import '#contract/schemas/order-list';
import '#contract/schemas/product';
import '#contract/schemas/report';
import '#contract/schemas/search';
import '#contract/schemas/stock';
import '#contract/schemas/user';
import '#contract/schemas/wishlist';
