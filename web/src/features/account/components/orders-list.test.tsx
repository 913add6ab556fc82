import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '#mock-api/node';
import { freshOutboxDbPerTest } from '#web/test/outbox-kit';
import { renderWithApp } from '#web/test/render';
import { shopOrder, signIn } from '#web/test/shop-session';
import { OrdersList } from './orders-list';

/** Issue 27: each shop order opens its page; a failed load says so with Try again, never "No orders found". */
freshOutboxDbPerTest(() => cleanup());
const WAIT = { timeout: 5000 };
const region = () => within(screen.getByRole('region', { name: 'Your Orders' }));

describe('Your Orders', () => {
  it('links every shop order to its order page', async () => {
    await signIn('shopper');
    server.use(
      http.get('*/api/orders/my', () =>
        HttpResponse.json([shopOrder(9, 'pending', 40), shopOrder(4, 'shipped', 12)]),
      ),
    );
    renderWithApp(<OrdersList />);
    expect(await region().findByRole('link', { name: 'Order #9' }, WAIT)).toHaveAttribute(
      'href',
      '/orders/9',
    );
    expect(region().getByRole('link', { name: 'Order #4' })).toHaveAttribute('href', '/orders/4');
  });

  it('shows Try again on a 5xx instead of the empty state, and Try again loads the orders', async () => {
    const user = userEvent.setup({ delay: null });
    await signIn('shopper');
    server.use(
      http.get('*/api/orders/my', () => HttpResponse.json({ message: 'down' }, { status: 500 }), {
        once: true,
      }),
      http.get('*/api/orders/my', () => HttpResponse.json([shopOrder(9, 'pending', 40)])),
    );
    renderWithApp(<OrdersList />);
    const failed = await region().findByRole('alert', {}, WAIT);
    expect(failed).toHaveTextContent('Could not load your orders.');
    expect(region().queryByText('No orders found')).not.toBeInTheDocument();
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await region().findByRole('link', { name: 'Order #9' }, WAIT)).toBeInTheDocument();
    expect(region().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps No orders found for a shopper who really has none', async () => {
    await signIn('shopper');
    server.use(http.get('*/api/orders/my', () => HttpResponse.json([])));
    renderWithApp(<OrdersList />);
    expect(await region().findByText('No orders found', {}, WAIT)).toBeInTheDocument();
    expect(region().queryByRole('alert')).not.toBeInTheDocument();
  });
});
