import { EMPTY_SHIPPING_ADDRESS, shippingAddressSchema, type ShippingAddress } from '#contract/schemas/cart';
import { cookieAtom } from './cookie-atom';

/** The shipping address shared by the cart popup and checkout, mirrored to the `shippingAddress` cookie. */
export const SHIPPING_COOKIE = 'shippingAddress';

export const shippingAddressAtom = cookieAtom<ShippingAddress>(
  SHIPPING_COOKIE,
  (v) => shippingAddressSchema.parse(v),
  EMPTY_SHIPPING_ADDRESS,
);
