/**
 * The second half of the contract's schema modules (the cart, orders, accounts, mail, reports, activity, the
 * wishlist, errors and CSV), evaluated in the task after schemas-warm-a.ts, whose modules some of them import
 * (see there). No exports.
 */
import '#contract/schemas/activity';
import '#contract/schemas/cart';
import '#contract/schemas/csv';
import '#contract/schemas/errors';
import '#contract/schemas/mail';
import '#contract/schemas/order';
import '#contract/schemas/order-list';
import '#contract/schemas/report';
import '#contract/schemas/user';
import '#contract/schemas/wishlist';
