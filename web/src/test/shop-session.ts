import type { CartLine } from '#contract/schemas/cart';
import type { Order } from '#contract/schemas/order';
import type { Product } from '#contract/schemas/product';
import type { AuthResponse } from '#contract/schemas/user';
import { effectivePrice } from '#contract/rules/money';
import { MOCK_ADMIN, demoShopperCredentials, mockBackend } from '#mock-api/mock-store';
import { api, TOKEN_KEY } from '#web/lib/api-client';
import { CART_COOKIE } from '#web/lib/session/cart-atoms';
import { COOKIE_DAYS } from '#web/lib/session/cookie-atom';
import { USER_KEY } from '#web/lib/session/auth-atoms';
import { writeCookie } from '#web/lib/cookies';

/**
 * Test helpers for the shopper flows, reading whatever the mock's demo store holds (tiny seed or the
 * generated catalogue) instead of hard-coding ids and prices.
 */
export async function signIn(role: 'shopper' | 'admin' = 'shopper'): Promise<AuthResponse> {
  const b = await mockBackend();
  const creds = role === 'admin' ? MOCK_ADMIN : demoShopperCredentials(b.demo);
  const auth = await b.core.auth.login({ email: creds.email, password: creds.password });
  localStorage.setItem(TOKEN_KEY, auth.token);
  localStorage.setItem(USER_KEY, JSON.stringify(auth.user));
  return auth;
}

/** An order of another user than the demo shopper (read as the admin); the demo shopper is signed in after. */
export async function anotherShoppersOrder(): Promise<Order> {
  await signIn('admin');
  const list = await api('listOrders');
  // Without parameters the answer is the spec's plain list (a page only when asked for one).
  const all = Array.isArray(list) ? list : list.items;
  await signIn('shopper');
  const mine = new Set((await api('myOrders')).map((o) => o.id));
  const theirs = all.find((o) => !mine.has(o.id));
  if (!theirs) throw new Error('the demo store needs an order of another user');
  return theirs;
}

/** Demo products that offer sizes and colours (what a real cart holds). */
export async function demoProducts(): Promise<Product[]> {
  const b = await mockBackend();
  return b.demo.products.filter((p) => p.sizes.length > 0 && p.colors.length > 0);
}

export function lineFor(p: Product, qty = 1, sizeIndex = 0): CartLine {
  return {
    productId: p.id,
    qty,
    price: effectivePrice(p),
    title: p.title,
    image: p.featured_image,
    selectedSize: p.sizes[sizeIndex] ?? p.sizes[0] ?? '',
    selectedColor: p.colors[0] ?? '',
    sizeId: null,
  };
}

/** Puts a cart into the cookie, as a previous visit would have left it. */
export function seedCart(lines: CartLine[], shippingCost = 0): void {
  writeCookie(CART_COOKIE, JSON.stringify({ lines, shippingCost }), COOKIE_DAYS);
}

/** One of the shop's orders as GET /api/orders/my answers it (Ada's, cash on delivery, 4 March 2026). */
export function shopOrder(id: number, status: string, total: number): Order {
  return {
    id,
    user_id: 1,
    name: 'Ada',
    email: 'ada@example.com',
    total,
    payment_method: 'cod',
    status,
    created_at: '2026-03-04T10:00:00.000Z',
    shipping_address: '{}',
    status_history: [],
  };
}
