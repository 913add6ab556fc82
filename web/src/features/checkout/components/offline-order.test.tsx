import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '#mock-api/node';
import { cartSchema } from '#contract/schemas/cart';
import { readJsonCookie } from '#web/lib/cookies';
import { CART_COOKIE } from '#web/lib/session/cart-atoms';
import { freshOutboxDbPerTest } from '#web/test/outbox-kit';
import { signIn } from '#web/test/shop-session';
import { fillValid, renderCheckout, seedTwoLines } from '#web/test/checkout-kit';
import { OFFLINE_ORDER } from './order-summary';
import { SAVED_HEADING, SAVED_LEAD } from './order-saved-page';
import { shownTotal } from '../use-place-order';

/**
 * Issue 12 (and issue 6 before it): with no network, Place Order keeps the order on the device with the
 * Idempotency-Key it will be sent with, empties the cart and says so; it never alerts.
 */
describe('Placing the order offline', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });
  const db = freshOutboxDbPerTest(() => {
    window.dispatchEvent(new Event('online'));
    vi.restoreAllMocks();
  });

  it('saves the order with the key the failed request carried, empties the cart and shows the saved screen', async () => {
    const user = userEvent.setup({ delay: null });
    const auth = await signIn('shopper');
    const lines = await seedTwoLines();
    const keys: (string | null)[] = [];
    server.use(
      http.post('*/api/orders', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.error();
      }),
    );
    renderCheckout();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByRole('heading', { level: 1, name: SAVED_HEADING })).toBeInTheDocument();
    expect(screen.getByText(SAVED_LEAD)).toBeInTheDocument();
    expect(await screen.findByText('Estimated total')).toBeInTheDocument();
    for (const l of lines) expect(screen.getByText(l.title, { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('Error placing order. Please try again.')).not.toBeInTheDocument();
    expect(readJsonCookie(CART_COOKIE, (v) => cartSchema.parse(v), null)?.lines).toEqual([]);

    const saved = await db().orders.toArray();
    expect(saved).toHaveLength(1);
    expect(keys).toEqual([saved[0]!.key]);
    expect(screen.getByTestId('location')).toHaveTextContent(`/order-saved/${saved[0]!.key}`);
    expect(saved[0]).toMatchObject({
      userId: auth.user.id,
      token: auth.token,
      state: 'waiting',
      lines,
      shownTotal: shownTotal(lines, 'Lahore'),
    });
    expect(JSON.parse(saved[0]!.body.shipping_address)).toMatchObject({
      name: 'Ada Lovelace',
      city: 'Lahore',
    });
  });

  it('sends nothing while the browser says it is offline, and saves the order at once', async () => {
    const user = userEvent.setup({ delay: null });
    await signIn('shopper');
    await seedTwoLines();
    const posted = vi.fn();
    server.use(http.post('*/api/orders', posted));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderCheckout();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('heading', { level: 1, name: SAVED_HEADING })).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
    expect(await db().orders.count()).toBe(1);
  });

  it('saves the order when the shop cannot take it now (503)', async () => {
    const user = userEvent.setup({ delay: null });
    await signIn('shopper');
    await seedTwoLines();
    server.use(
      http.post(
        '*/api/orders',
        () => HttpResponse.json({ message: 'busy', code: 'storage_unavailable' }, { status: 503 }),
        {
          once: true,
        },
      ),
    );
    renderCheckout();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('heading', { level: 1, name: SAVED_HEADING })).toBeInTheDocument();
    expect(await db().orders.count()).toBe(1);
  });

  it('shows the offline notice as soon as the browser goes offline, and drops it when it is back', async () => {
    await seedTwoLines();
    renderCheckout();
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText(OFFLINE_ORDER)).toBeInTheDocument();
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText(OFFLINE_ORDER)).not.toBeInTheDocument());
  });
});
