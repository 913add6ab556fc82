import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { Route, useLocation } from 'react-router';
import { renderWithApp } from './render';
import { demoProducts, lineFor, seedCart } from './shop-session';
import { CheckoutPage } from '#web/features/checkout/components/checkout-page';
import { OrderSavedPage } from '#web/features/checkout/components/order-saved-page';

/** Shared by the checkout tests: the page at /checkout with stand-ins for where it navigates. */
export function LoginStub() {
  const state: unknown = useLocation().state;
  return <p>login from {JSON.stringify(state)}</p>;
}

const routes = (
  <>
    <Route path="/login" element={<LoginStub />} />
    <Route path="/order-success/:orderId" element={<p>order placed</p>} />
    <Route path="/order-saved/:key" element={<OrderSavedPage />} />
  </>
);

export function renderCheckout() {
  return renderWithApp(<CheckoutPage />, { route: '/checkout', path: '/checkout', extraRoutes: routes });
}

export const field = (name: string) => screen.getByRole('textbox', { name });

/** The message that the field points at with aria-describedby (so it sits beside that field). */
export function messageOf(el: HTMLElement): string {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids
    .map((id) => document.getElementById(id))
    .filter((n) => n?.getAttribute('role') === 'alert')
    .map((n) => n?.textContent ?? '')
    .join('|');
}

export async function fillValid(
  user: ReturnType<typeof userEvent.setup>,
  over: Partial<Record<string, string>> = {},
) {
  const v: Record<string, string> = {
    'Full Name': 'Ada Lovelace',
    Address: 'House 12',
    Street: 'Mall Road',
    'Town / City': 'Lahore',
    'State / Province': 'Punjab',
    Phone: '03001234567',
    ...over,
  };
  for (const [label, value] of Object.entries(v)) {
    const el =
      label === 'Order Notes (optional)' ? screen.getByRole('textbox', { name: label }) : field(label);
    await user.clear(el);
    if (value) await user.type(el, value);
  }
}

export async function seedTwoLines() {
  const [p, q] = await demoProducts();
  if (!p || !q) throw new Error('demo store needs two products with sizes and colours');
  const lines = [lineFor(p, 2), lineFor(q, 1)];
  seedCart(lines);
  return lines;
}
