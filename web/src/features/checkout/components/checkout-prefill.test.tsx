import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server } from '#mock-api/node';
import { mockBackend } from '#mock-api/mock-store';
import { USER_KEY } from '#web/lib/session/auth-atoms';
import { SHIPPING_COOKIE } from '#web/lib/session/shipping-atoms';
import { writeCookie } from '#web/lib/cookies';
import { signIn } from '#web/test/shop-session';
import { field, fillValid, messageOf, renderCheckout, seedTwoLines } from '#web/test/checkout-kit';

const SAVED = { address: 'House 12', street: 'Mall Road', city: 'Lahore', country: '', province: 'Punjab' };

/** Issue 27: checkout fills in the address a shopper keeps, checks the address field, offers to keep one. */
describe('Checkout and the saved address', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sessionStorage.clear();
    writeCookie(SHIPPING_COOKIE, '', -1);
  });
  afterEach(() => vi.restoreAllMocks());

  it('a signed-in shopper with a saved address finds it, with name and phone, filled in', async () => {
    const auth = await signIn('shopper');
    localStorage.setItem(
      USER_KEY,
      JSON.stringify({ ...auth.user, phone: '03001234567', saved_address: SAVED }),
    );
    await seedTwoLines();
    renderCheckout();
    expect(field('Address')).toHaveValue('House 12');
    expect(field('Street')).toHaveValue('Mall Road');
    expect(field('Town / City')).toHaveValue('Lahore');
    expect(field('State / Province')).toHaveValue('Punjab');
    expect(field('Full Name')).toHaveValue(auth.user.name);
    expect(field('Phone')).toHaveValue('03001234567');
  });

  it('the address last used on this device (the cookie) wins over the saved one', async () => {
    const auth = await signIn('shopper');
    localStorage.setItem(USER_KEY, JSON.stringify({ ...auth.user, saved_address: SAVED }));
    writeCookie(SHIPPING_COOKIE, JSON.stringify({ ...SAVED, city: 'Karachi', province: 'Sindh' }), 7);
    await seedTwoLines();
    renderCheckout();
    expect(field('Town / City')).toHaveValue('Karachi');
  });

  it('a blank address is refused beside its field, and nothing is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => void sent.push(`${request.method} ${request.url}`));
    await seedTwoLines();
    renderCheckout();
    await fillValid(user, { Address: '   ' });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(messageOf(field('Address'))).toBe('Address is required');
    expect(field('Address')).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout');
    expect(sent.filter((r) => r.startsWith('POST'))).toEqual([]);
    server.events.removeAllListeners();
  });

  it('"Save this address to my profile" keeps the address the order used', async () => {
    const user = userEvent.setup({ delay: null });
    const auth = await signIn('shopper');
    await seedTwoLines();
    renderCheckout();
    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: 'Save this address to my profile' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const b = await mockBackend();
    await waitFor(() =>
      expect(b.core.deps.stores.users.get(auth.user.id)?.saved_address).toEqual({ ...SAVED }),
    );
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(USER_KEY) ?? '{}').saved_address).toEqual(SAVED),
    );
  });

  it('signed out there is nothing to save to: no such box', async () => {
    await seedTwoLines();
    renderCheckout();
    expect(screen.queryByRole('checkbox', { name: 'Save this address to my profile' })).toBeNull();
  });
});
