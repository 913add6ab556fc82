import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '#mock-api/node';
import { signIn } from '#web/test/shop-session';
import { field, fillValid, renderCheckout, seedTwoLines } from '#web/test/checkout-kit';
import { OFFLINE_ORDER } from './order-summary';

/** Issue 6: with no network, Place Order says so beside the button instead of the generic alert. */
describe('Placing the order offline', () => {
  let alertSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    sessionStorage.clear();
  });
  afterEach(() => {
    window.dispatchEvent(new Event('online'));
    vi.restoreAllMocks();
  });

  it('shows the offline notice, keeps the form and never alerts', async () => {
    const user = userEvent.setup({ delay: null });
    await signIn('shopper');
    await seedTwoLines();
    server.use(http.post('*/api/orders', () => HttpResponse.error()));
    renderCheckout();
    expect(screen.queryByText(OFFLINE_ORDER)).not.toBeInTheDocument();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByText(OFFLINE_ORDER)).toBeInTheDocument());
    expect(alertSpy).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/checkout');
    expect(field('Full Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  });

  it('shows the notice as soon as the browser goes offline, and drops it when it is back', async () => {
    await seedTwoLines();
    renderCheckout();
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText(OFFLINE_ORDER)).toBeInTheDocument();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText(OFFLINE_ORDER)).not.toBeInTheDocument());
  });
});
