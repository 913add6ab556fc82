import { atom } from '../jotai';
import type { Cart, CartLine } from '#contract/schemas/cart';
import { fromCents, linesTotalCents } from '#contract/rules/money';
import { shippingAfterUpdate } from '#contract/rules/shipping';
import { cookieAtom } from './cookie-atom';
import { parseStored } from './stored-parsers';

/**
 * The cart (spec section 4): lines, total and shipping cost, mirrored to the `cart` cookie for 7 days.
 * Lines merge per product, size and colour (our deliberate fix of the per-product merge).
 */
export const CART_COOKIE = 'cart';
const EMPTY_CART: Cart = { lines: [], shippingCost: 0 };

/** Read the cart; write a new cart and it is mirrored to the cookie. */
export const cartAtom = cookieAtom<Cart>(CART_COOKIE, (v) => parseStored('cart', v), EMPTY_CART);

export const cartLinesAtom = atom((get) => get(cartAtom).lines);
export const cartTotalAtom = atom((get) => fromCents(linesTotalCents(get(cartAtom).lines)));
export const cartShippingAtom = atom((get) => get(cartAtom).shippingCost);
export const cartCountAtom = atom((get) => get(cartAtom).lines.reduce((n, l) => n + l.qty, 0));

export function sameLine(a: CartLine, b: CartLine): boolean {
  return (
    a.productId === b.productId && a.selectedSize === b.selectedSize && a.selectedColor === b.selectedColor
  );
}

/** Add a line: an existing line with the same product, size and colour gets the quantity added. */
export function addLine(lines: readonly CartLine[], line: CartLine): CartLine[] {
  const i = lines.findIndex((l) => sameLine(l, line));
  if (i === -1) return [...lines, line];
  return lines.map((l, j) => (j === i ? { ...l, qty: l.qty + line.qty } : l));
}

export const addToCartAtom = atom(null, (get, set, line: CartLine) => {
  const cart = get(cartAtom);
  set(cartAtom, { ...cart, lines: addLine(cart.lines, line) });
});

export const removeLineAtom = atom(null, (get, set, index: number) => {
  const cart = get(cartAtom);
  set(cartAtom, { ...cart, lines: cart.lines.filter((_, i) => i !== index) });
});

/** Update Cart: apply the local quantities (minimum 1) and recompute shipping with the address city. */
export const updateCartAtom = atom(
  null,
  (get, set, update: { quantities?: readonly number[]; city?: string }) => {
    const cart = get(cartAtom);
    const lines = cart.lines.map((l, i) => {
      const q = update.quantities?.[i];
      return q === undefined ? l : { ...l, qty: Math.max(1, Math.floor(q) || 1) };
    });
    set(cartAtom, { lines, shippingCost: shippingAfterUpdate(update.city, cart.shippingCost) });
  },
);

export const clearCartAtom = atom(null, (get, set) => {
  set(cartAtom, { lines: [], shippingCost: get(cartAtom).shippingCost });
});
