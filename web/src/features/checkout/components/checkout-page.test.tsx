import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, useLocation } from 'react-router';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../../mock-api/node';
import { mockBackend } from '../../../../../mock-api/mock-store';
import { api } from '../../../lib/api-client';
import { readCookie } from '../../../lib/cookies';
import { CART_COOKIE } from '../../../lib/session/cart-atoms';
import { SHIPPING_COOKIE } from '../../../lib/session/shipping-atoms';
import { money } from '../../../lib/store-config';
import { renderWithApp } from '../../../test/render';
import { demoProducts, lineFor, seedCart, signIn } from '../../../test/shop-session';
import { CheckoutPage } from './checkout-page';

function LoginStub() {
  const state: unknown = useLocation().state;
  return <p>login from {JSON.stringify(state)}</p>;
}

const routes = (
  <>
    <Route path="/login" element={<LoginStub />} />
    <Route path="/order-success/:orderId" element={<p>order placed</p>} />
  </>
);

function renderCheckout() {
  return renderWithApp(<CheckoutPage />, { route: '/checkout', path: '/checkout', extraRoutes: routes });
}

const field = (name: string) => screen.getByRole('textbox', { name });

/** The message that the field points at with aria-describedby (so it sits beside that field). */
function messageOf(el: HTMLElement): string {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids
    .map((id) => document.getElementById(id))
    .filter((n) => n?.getAttribute('role') === 'alert')
    .map((n) => n?.textContent ?? '')
    .join('|');
}

async function fillValid(
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

async function seedTwoLines() {
  const [p, q] = await demoProducts();
  if (!p || !q) throw new Error('demo store needs two products with sizes and colours');
  const lines = [lineFor(p, 2), lineFor(q, 1)];
  seedCart(lines);
  return lines;
}

describe('Checkout page', () => {
  let alertSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sessionStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows every required message beside its own field, city and province included', async () => {
    const user = userEvent.setup({ delay: null });
    await seedTwoLines();
    renderCheckout();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(messageOf(field('Full Name'))).toBe('Name is required');
    expect(messageOf(field('Street'))).toBe('Street is required');
    expect(messageOf(field('Town / City'))).toBe('Town/City is required');
    expect(messageOf(field('State / Province'))).toBe('State is required');
    expect(messageOf(field('Phone'))).toBe('Phone number is required');
    expect(messageOf(field('Address'))).toBe('');
    expect(field('Email Address')).not.toHaveAttribute('aria-invalid');
    expect(field('Full Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Full Name')).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout');
  });

  it.each([
    ['12345', 'Invalid phone format'],
    ['12345678901234567', 'Invalid phone format'],
    ['0300-1234567', 'Invalid phone format'],
    ['+923001234567', 'Invalid phone format'],
    ['1234567890', ''],
    ['123456789012345', ''],
  ])('phone %s gives "%s"', async (phone, message) => {
    const user = userEvent.setup({ delay: null });
    await seedTwoLines();
    renderCheckout();
    await fillValid(user, { Phone: phone });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    // Signed out, a valid form moves on to /login; an invalid one stays with the message.
    if (message) expect(messageOf(field('Phone'))).toBe(message);
    else expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('clears a message when its field is edited', async () => {
    const user = userEvent.setup({ delay: null });
    await seedTwoLines();
    renderCheckout();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await user.type(field('Full Name'), 'A');
    expect(messageOf(field('Full Name'))).toBe('');
    expect(messageOf(field('Street'))).toBe('Street is required');
  });

  it('sends a signed-out shopper to /login after validation and keeps the form for the way back', async () => {
    const user = userEvent.setup({ delay: null });
    await seedTwoLines();
    const first = renderCheckout();
    expect(screen.getByRole('link', { name: 'Click here to login' })).toHaveAttribute('href', '/login');
    await fillValid(user, { 'Email Address': 'ada@example.com' });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.getByText('login from {"from":"/checkout"}')).toBeInTheDocument();
    first.unmount();

    await signIn('shopper');
    renderCheckout();
    expect(field('Full Name')).toHaveValue('Ada Lovelace');
    expect(field('Street')).toHaveValue('Mall Road');
    expect(field('Town / City')).toHaveValue('Lahore');
    expect(field('Phone')).toHaveValue('03001234567');
    expect(screen.queryByRole('link', { name: 'Click here to login' })).not.toBeInTheDocument();
  });

  it('shows the lines and shipping of 20 only once a city is typed', async () => {
    const user = userEvent.setup({ delay: null });
    const [a, b] = await seedTwoLines();
    renderCheckout();
    const summary = within(screen.getByRole('region', { name: 'Your Order' }));
    expect(summary.getByText(a!.title, { exact: false })).toBeInTheDocument();
    expect(summary.getByText(b!.title, { exact: false })).toBeInTheDocument();
    const sub = Math.round((a!.price * 2 + b!.price) * 100) / 100;
    expect(summary.getByText('Subtotal').nextElementSibling).toHaveTextContent(money(sub));
    expect(summary.getByText('Shipping').nextElementSibling).toHaveTextContent(money(0));
    await user.type(field('Town / City'), 'Lahore');
    expect(summary.getByText('Shipping').nextElementSibling).toHaveTextContent(money(20));
    expect(summary.getByText('Total').nextElementSibling).toHaveTextContent(
      money(Math.round((sub + 20) * 100) / 100),
    );
    expect(summary.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('places one order on a double click, stores the address, clears the cart and opens the success page', async () => {
    const user = userEvent.setup({ delay: null });
    const auth = await signIn('shopper');
    await seedTwoLines();
    const before = (await api('myOrders')).length;
    renderCheckout();
    await fillValid(user);
    await user.dblClick(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/order-success\/\d+$/));

    const orders = await api('myOrders');
    expect(orders).toHaveLength(before + 1);
    const placed = orders[0]!;
    expect(screen.getByTestId('location')).toHaveTextContent(`/order-success/${placed.id}`);
    expect(placed).toMatchObject({ status: 'pending', payment_method: 'cod', user_id: auth.user.id });
    expect(JSON.parse(placed.shipping_address)).toMatchObject({
      name: 'Ada Lovelace',
      phone: '03001234567',
      order_address: 'House 12, Mall Road, Lahore, Punjab',
      street: 'Mall Road',
      city: 'Lahore',
      province: 'Punjab',
    });
    expect(JSON.parse(readCookie(CART_COOKIE) ?? '{}')).toMatchObject({ lines: [] });
    expect(JSON.parse(readCookie(SHIPPING_COOKIE) ?? '{}')).toMatchObject({
      city: 'Lahore',
      street: 'Mall Road',
    });
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('retries with the same Idempotency-Key after a failure, so a lost answer never makes a second order', async () => {
    const user = userEvent.setup({ delay: null });
    await signIn('shopper');
    await seedTwoLines();
    const before = (await api('myOrders')).length;
    const keys: string[] = [];
    let calls = 0;
    // First attempt: the order is made, but the answer is lost (500). The retry must not make another.
    server.use(
      http.post('*/api/orders', async ({ request }) => {
        calls += 1;
        const key = request.headers.get('idempotency-key') ?? '';
        keys.push(key);
        const { api: backend } = await mockBackend();
        const reply = await backend.handle('placeOrder', {
          body: await request.json(),
          token: (request.headers.get('authorization') ?? '').replace(/^Bearer /, ''),
          idempotencyKey: key,
        });
        if (calls === 1) return HttpResponse.json({ message: 'lost', code: 'internal' }, { status: 500 });
        return HttpResponse.json(reply.body as never, { status: reply.status });
      }),
    );
    renderCheckout();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Error placing order. Please try again.'));
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout');
    expect(field('Full Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/order-success\/\d+$/));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await api('myOrders')).toHaveLength(before + 1);
  });

  it('starts a new attempt (new key) once the form changes, and locks the form while placing', async () => {
    const user = userEvent.setup({ delay: null });
    await signIn('shopper');
    await seedTwoLines();
    const keys: string[] = [];
    let release: () => void = () => undefined;
    server.use(
      http.post('*/api/orders', async ({ request }) => {
        keys.push(request.headers.get('idempotency-key') ?? '');
        if (keys.length === 2) await new Promise<void>((r) => (release = r));
        return HttpResponse.json(
          { message: 'Some cart lines are not valid', code: 'validation_failed' },
          { status: 400 },
        );
      }),
    );
    renderCheckout();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledTimes(1));
    await user.type(field('Street'), ' 2');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const busy = await screen.findByRole('button', { name: 'Processing Order...' });
    expect(busy).toBeDisabled();
    expect(field('Full Name')).toBeDisabled();
    release();
    await waitFor(() => expect(alertSpy).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('sends the cart lines, the shipping JSON and cash on delivery', async () => {
    const user = userEvent.setup({ delay: null });
    await signIn('shopper');
    const [a] = await seedTwoLines();
    let body: unknown;
    server.use(
      http.post('*/api/orders', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ orderId: 4242 }, { status: 201 });
      }),
    );
    renderCheckout();
    await fillValid(user, { 'Email Address': 'ada@example.com', 'Order Notes (optional)': 'Ring twice' });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/order-success/4242'));
    expect(body).toMatchObject({
      payment_method: 'cod',
      cart: [
        {
          productId: a!.productId,
          sizeId: null,
          qty: 2,
          price: a!.price,
          selectedColor: a!.selectedColor,
          selectedSize: a!.selectedSize,
        },
        {},
      ],
    });
    const shipping: unknown = JSON.parse((body as { shipping_address: string }).shipping_address);
    expect(shipping).toEqual({
      name: 'Ada Lovelace',
      phone: '03001234567',
      email: 'ada@example.com',
      notes: 'Ring twice',
      order_address: 'House 12, Mall Road, Lahore, Punjab',
      address: 'House 12',
      street: 'Mall Road',
      city: 'Lahore',
      country: '',
      province: 'Punjab',
    });
  });

  it('shows the empty state when there is nothing to order', () => {
    renderCheckout();
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
  });
});
