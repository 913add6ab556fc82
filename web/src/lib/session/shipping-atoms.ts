import type { ShippingAddress } from '#contract/schemas/cart';
import { cookieAtom } from './cookie-atom';
import { parseStored } from './stored-parsers';

/** The shipping address shared by the cart popup and checkout, mirrored to the `shippingAddress` cookie. */
export const SHIPPING_COOKIE = 'shippingAddress';

/** The contract's EMPTY_SHIPPING_ADDRESS, kept here so the first load does not import the schema module. */
const EMPTY_SHIPPING_ADDRESS: ShippingAddress = {
  address: '',
  street: '',
  city: '',
  country: '',
  province: '',
};

export const shippingAddressAtom = cookieAtom<ShippingAddress>(
  SHIPPING_COOKIE,
  (v) => parseStored('shipping', v),
  EMPTY_SHIPPING_ADDRESS,
);
