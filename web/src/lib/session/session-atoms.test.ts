import { describe, expect, it } from 'vitest';
import type { CartLine } from '#contract/schemas/cart';
import { EMPTY_SHIPPING_ADDRESS } from '#contract/schemas/cart';
import { createAppStore } from '../jotai';
import { readCookie } from '../cookies';
import {
  addToCartAtom,
  cartAtom,
  cartTotalAtom,
  clearCartAtom,
  CART_COOKIE,
  removeLineAtom,
  updateCartAtom,
} from './cart-atoms';
import { shippingAddressAtom, SHIPPING_COOKIE } from './shipping-atoms';
import { setAuthAtom, clearAuthAtom, userAtom, USER_KEY } from './auth-atoms';

const line = (over: Partial<CartLine> = {}): CartLine => ({
  productId: 1,
  qty: 1,
  price: 19.99,
  title: 'Classic Cotton Tee',
  image: null,
  selectedSize: 'M',
  selectedColor: '#1e3a5f',
  ...over,
});

describe('cart and address state', () => {
  it('round-trips the cart and the address through their cookies (a new store reads them back)', () => {
    const first = createAppStore();
    first.set(addToCartAtom, line({ qty: 2 }));
    first.set(shippingAddressAtom, {
      address: '12',
      street: 'Mall Road',
      city: 'Lahore',
      country: 'Pakistan',
      province: 'Punjab',
    });
    expect(readCookie(CART_COOKIE)).toContain('"productId":1');
    expect(document.cookie).toContain(`${SHIPPING_COOKIE}=`);

    const second = createAppStore();
    expect(second.get(cartAtom).lines).toEqual([line({ qty: 2 })]);
    expect(second.get(shippingAddressAtom).city).toBe('Lahore');
  });

  it('falls back to an empty cart and an empty address when the cookies are corrupt', () => {
    document.cookie = `${CART_COOKIE}=not-json; path=/`;
    document.cookie = `${SHIPPING_COOKIE}=${encodeURIComponent('{"city":42}')}; path=/`;
    const store = createAppStore();
    expect(store.get(cartAtom)).toEqual({ lines: [], shippingCost: 0 });
    expect(store.get(shippingAddressAtom)).toEqual(EMPTY_SHIPPING_ADDRESS);
  });

  it('merges a line with the same product, size and colour, and keeps other sizes or colours apart', () => {
    const store = createAppStore();
    store.set(addToCartAtom, line());
    store.set(addToCartAtom, line({ qty: 2 }));
    store.set(addToCartAtom, line({ selectedSize: 'L' }));
    store.set(addToCartAtom, line({ selectedColor: '#ffffff' }));
    expect(store.get(cartAtom).lines.map((l) => [l.selectedSize, l.selectedColor, l.qty])).toEqual([
      ['M', '#1e3a5f', 3],
      ['L', '#1e3a5f', 1],
      ['M', '#ffffff', 1],
    ]);
    expect(store.get(cartTotalAtom)).toBe(99.95);
  });

  it('updates by position with a minimum of 1, removes by position, and sets shipping 20 only with a city', () => {
    const store = createAppStore();
    store.set(addToCartAtom, line());
    store.set(addToCartAtom, line({ productId: 2, price: 60 }));
    store.set(updateCartAtom, { quantities: [0, 3], city: '' });
    expect(store.get(cartAtom)).toMatchObject({ shippingCost: 0 });
    expect(store.get(cartAtom).lines.map((l) => l.qty)).toEqual([1, 3]);
    store.set(updateCartAtom, { city: '   ' });
    expect(store.get(cartAtom).shippingCost).toBe(0);
    store.set(updateCartAtom, { city: 'Lahore' });
    expect(store.get(cartAtom).shippingCost).toBe(20);
    store.set(removeLineAtom, 0);
    expect(store.get(cartAtom).lines.map((l) => l.productId)).toEqual([2]);
    store.set(clearCartAtom);
    expect(store.get(cartAtom).lines).toEqual([]);
  });
});

describe('auth state', () => {
  it('keeps the token in local storage and mirrors the user under "user"; clearing removes both', () => {
    const store = createAppStore();
    const user = { id: 7, name: 'Ada', email: 'ada@example.com', phone: '', is_admin: 0 as const };
    store.set(setAuthAtom, { token: 'tok', user });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? 'null')).toEqual(user);
    expect(createAppStore().get(userAtom)).toEqual(user);
    store.set(clearAuthAtom);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });
});
