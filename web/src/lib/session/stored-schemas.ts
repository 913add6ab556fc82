import { cartSchema, shippingAddressSchema } from '#contract/schemas/cart';
import { userSchema } from '#contract/schemas/user';
import type { StoredParsers } from './stored-parsers';

/** The contract's schemas for what the browser keeps between visits (a lazy chunk: zod comes with it). */
export const storedParsers: StoredParsers = {
  user: (v) => userSchema.parse(v),
  cart: (v) => cartSchema.parse(v),
  shipping: (v) => shippingAddressSchema.parse(v),
};
