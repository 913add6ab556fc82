import { atom, atomWithLazy } from '../jotai';
import {
  EMPTY_SHIPPING_ADDRESS,
  shippingAddressSchema,
  type ShippingAddress,
} from '#contract/schemas/cart';
import { readJsonCookie, writeCookie } from '../cookies';
import { COOKIE_DAYS } from './cart-atoms';

/** The shipping address shared by the cart popup and checkout, mirrored to the `shippingAddress` cookie. */
export const SHIPPING_COOKIE = 'shippingAddress';

export function loadShippingAddress(): ShippingAddress {
  return readJsonCookie(SHIPPING_COOKIE, (v) => shippingAddressSchema.parse(v), EMPTY_SHIPPING_ADDRESS);
}

const shippingStateAtom = atomWithLazy<ShippingAddress>(loadShippingAddress);

export const shippingAddressAtom = atom(
  (get) => get(shippingStateAtom),
  (_get, set, next: ShippingAddress) => {
    set(shippingStateAtom, next);
    writeCookie(SHIPPING_COOKIE, JSON.stringify(next), COOKIE_DAYS);
  },
);
