import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { updateSavedOrder } from '#web/lib/outbox/outbox';
import { money } from '#web/lib/store-config';
import { freshOutboxDbPerTest, savedOrderFor } from '#web/test/outbox-kit';
import { renderWithApp } from '#web/test/render';
import { signIn } from '#web/test/shop-session';
import { OrderSavedPage, SAVED_HEADING, SENT_HEADING } from './order-saved-page';

/** Issue 27 item 4: the saved-offline order's page follows the outbox, and opens the real order once it is sent. */
freshOutboxDbPerTest(() => cleanup());
const WAIT = { timeout: 5000 };

describe('Order saved on this device', () => {
  it('switches to the placed order, with a link to its page, when the outbox sends it (no reload)', async () => {
    const { user, token } = await signIn('shopper');
    await savedOrderFor(user.id, token, 'k1');
    renderWithApp(<OrderSavedPage />, { route: '/order-saved/k1', path: '/order-saved/:key' });
    expect(await screen.findByRole('heading', { level: 1, name: SAVED_HEADING }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View order' })).not.toBeInTheDocument();

    // What the sender writes when the shop accepts it (lib/outbox/sender.ts).
    await updateSavedOrder('k1', {
      state: 'placed',
      orderId: 77,
      confirmedTotal: 123.5,
      placedAt: Date.now(),
    });

    expect(await screen.findByRole('heading', { level: 1, name: SENT_HEADING }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute('href', '/orders/77');
    expect(screen.getByText('#77')).toBeInTheDocument();
    expect(screen.getByText(money(123.5))).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: SAVED_HEADING })).not.toBeInTheDocument();
  });
});
