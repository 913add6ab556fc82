import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { http, HttpResponse } from 'msw';
import { cartSchema, type CartLine } from '#contract/schemas/cart';
import { server } from '#mock-api/node';
import { RequireUser } from '#web/app/guards';
import { readJsonCookie } from '#web/lib/cookies';
import { updateSavedOrder } from '#web/lib/outbox/outbox';
import type { SavedOrder } from '#web/lib/outbox/outbox-db';
import { sendSavedOrders, type SenderLock } from '#web/lib/outbox/sender';
import { CART_COOKIE, cartLinesAtom } from '#web/lib/session/cart-atoms';
import { money } from '#web/lib/store-config';
import { savedOrderFor, freshOutboxDbPerTest } from '#web/test/outbox-kit';
import { renderWithApp } from '#web/test/render';
import { demoProducts, lineFor, seedCart, shopOrder, signIn } from '#web/test/shop-session';
import { NOT_PLACED, SIGN_IN_TO_SEND, WAITING_TO_SEND } from './saved-order-item';
import { ProfilePage } from './profile-page';

/** Issue 12 on the profile: the orders saved on this device, above the shop's, and what can be done with them. */
const db = freshOutboxDbPerTest(() => {
  cleanup();
  vi.restoreAllMocks();
  server.events.removeAllListeners();
});

function renderProfile() {
  return renderWithApp(
    <RequireUser>
      <ProfilePage />
    </RequireUser>,
    {
      route: '/profile',
      path: '/profile',
      extraRoutes: (
        <>
          <Route path="/login" element={<p>login</p>} />
          <Route path="/cart" element={<p>the cart</p>} />
        </>
      ),
    },
  );
}

const ordersRegion = () => within(screen.getByRole('region', { name: 'Your Orders' }));

async function twoLines(): Promise<CartLine[]> {
  const [p, q] = await demoProducts();
  return [lineFor(p!, 2), lineFor(q!, 1)];
}

/** A saved order as Place Order keeps it, then moved to `state` (and whatever else `then` says). */
const saved = (
  userId: number,
  token: string,
  key: string,
  lines: CartLine[],
  then: Partial<SavedOrder> = {},
  savedAt = Date.now(),
) => savedOrderFor(userId, token, key, { lines, then, savedAt });

const cartCookieLines = () => readJsonCookie(CART_COOKIE, (v) => cartSchema.parse(v), null)?.lines;

/** Holds the profile's read of the device's saved orders until release() (the shop answers first). */
function holdDeviceReads(): () => void {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const orders = db().orders;
  const where = orders.where.bind(orders);
  vi.spyOn(orders, 'where').mockImplementation(((index: string) => ({
    equals: (value: number) => ({
      toArray: async () => {
        await gate;
        return where(index).equals(value).toArray();
      },
    }),
  })) as unknown as typeof orders.where);
  return release;
}

/** How many answers to GET /api/orders/my the app has had. */
function countMyOrdersAnswers(): () => number {
  let count = 0;
  server.events.on('response:mocked', ({ request }) => {
    if (request.method === 'GET' && new URL(request.url).pathname === '/api/orders/my') count++;
  });
  return () => count;
}

describe('Your Orders with orders saved on this device', () => {
  it('lists the saved orders first, newest first, with Waiting to send, then the shop’s orders', async () => {
    const { user, token } = await signIn();
    const lines = await twoLines();
    await saved(user.id, token, 'older', lines.slice(0, 1), {}, 1_000);
    await saved(user.id, token, 'newer', lines, {}, 2_000);
    server.use(http.get('*/api/orders/my', () => HttpResponse.json([shopOrder(9, 'pending', 40)])));
    renderProfile();

    await ordersRegion().findByText('Order #9');
    await waitFor(() => expect(ordersRegion().getAllByText(WAITING_TO_SEND)).toHaveLength(2));
    const items = ordersRegion().getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Saved order · 3 items');
    expect(items[0]).toHaveTextContent(money(lines[0]!.price * 2 + lines[1]!.price));
    expect(items[1]).toHaveTextContent('Saved order · 2 items');
    expect(items[2]).toHaveTextContent('Order #9');
    for (const item of items.slice(0, 2)) {
      expect(item.querySelector('[data-status]')).toHaveAttribute('data-status', 'waiting');
      expect(item).toHaveTextContent('estimated');
    }
    expect(ordersRegion().queryByText('No orders found')).not.toBeInTheDocument();
  });

  it('asks to sign in again for an order the shop refused the saved token for', async () => {
    const { user } = await signIn();
    await saved(user.id, 'spent', 'k', await twoLines(), {
      state: 'needs-sign-in',
      token: null,
      spentToken: 'spent',
    });
    renderProfile();
    expect(await ordersRegion().findByText(SIGN_IN_TO_SEND)).toBeInTheDocument();
    expect(ordersRegion().getByText(WAITING_TO_SEND)).toBeInTheDocument();
  });

  it('shows a refusal with the server’s message, and Back to cart puts the lines in the cart and opens it', async () => {
    const u = userEvent.setup({ delay: null });
    const { user, token } = await signIn();
    const [p, q] = await twoLines();
    // The cart already holds one of the same line: Back to cart adds to it, as Add to Cart would.
    seedCart([{ ...p!, qty: 1 }]);
    await saved(user.id, token, 'refused', [p!, q!], {
      state: 'refused',
      error: { status: 409, message: 'Only 1 left of Linen shirt' },
    });
    const { store } = renderProfile();

    const alert = await ordersRegion().findByRole('alert');
    expect(alert).toHaveTextContent(`${NOT_PLACED}: Only 1 left of Linen shirt`);
    expect(ordersRegion().queryByText(WAITING_TO_SEND)).not.toBeInTheDocument();
    await u.click(within(alert).getByRole('button', { name: 'Back to cart' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
    const expected = [{ ...p!, qty: 3 }, q!];
    expect(store.get(cartLinesAtom)).toEqual(expected);
    expect(cartCookieLines()).toEqual(expected);
    expect(await db().orders.get('refused')).toBeUndefined();
  });

  it('Discard removes a refused order from the device and the list', async () => {
    const u = userEvent.setup({ delay: null });
    const { user, token } = await signIn();
    const lines = await twoLines();
    seedCart([]);
    await saved(user.id, token, 'refused', lines, {
      state: 'refused',
      error: { status: 400, message: 'No longer sold' },
    });
    const { store } = renderProfile();
    await u.click(await ordersRegion().findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(ordersRegion().queryByText(/No longer sold/)).not.toBeInTheDocument());
    expect(await db().orders.get('refused')).toBeUndefined();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
    expect(store.get(cartLinesAtom)).toEqual([]);
  });

  it('shows an order placed from the device as the shop’s order, with the offline total beside a different confirmed one', async () => {
    const { user, token } = await signIn();
    const [p, q] = await twoLines();
    await saved(user.id, token, 'differs', [p!], {}, 1_000);
    await saved(user.id, token, 'same', [q!], {}, 2_000);
    const solo: SenderLock = (job) => job(async () => {});
    expect((await sendSavedOrders({ lock: solo })).placed).toHaveLength(2);
    const [differs, same] = [(await db().orders.get('differs'))!, (await db().orders.get('same'))!];
    expect(differs.confirmedTotal).toEqual(expect.any(Number));
    // The offline estimate missed (say, a price changed meanwhile) for one; the other matched.
    await updateSavedOrder('differs', { shownTotal: differs.confirmedTotal! - 5 });
    await updateSavedOrder('same', { shownTotal: same.confirmedTotal! });
    // Once the shop's orders are shown they stay (the list is fetched again when a placed entry is read).
    let listShown = false;
    let listGone = false;
    const watch = new MutationObserver(() => {
      if (document.body.textContent?.includes(`Order #${differs.orderId}`)) listShown = true;
      else if (listShown) listGone = true;
    });
    watch.observe(document.body, { childList: true, subtree: true, characterData: true });
    const answers = countMyOrdersAnswers();
    const release = holdDeviceReads();
    renderProfile();

    const first = await ordersRegion().findByText(`Order #${differs.orderId}`);
    release();
    // Reading the placed entries fetches the shop's list again, to show them as the shop's orders.
    await waitFor(() => expect(answers()).toBe(2));
    await new Promise((r) => setTimeout(r, 50));
    watch.disconnect();
    expect(listGone).toBe(false);
    const differsItem = first.closest('li')!;
    expect(differsItem).toHaveTextContent(
      `${money(differs.confirmedTotal!)}confirmed; ${money(differs.confirmedTotal! - 5)} shown offline`,
    );
    const sameItem = ordersRegion().getByText(`Order #${same.orderId}`).closest('li')!;
    expect(sameItem).toHaveTextContent(money(same.confirmedTotal!));
    expect(sameItem).not.toHaveTextContent('shown offline');
    // Placed: no longer listed as saved on the device.
    expect(ordersRegion().queryByText(WAITING_TO_SEND)).not.toBeInTheDocument();
    expect(ordersRegion().queryByText(/Saved order ·/)).not.toBeInTheDocument();
  });

  it('never shows the orders another account saved on this device', async () => {
    const { user, token } = await signIn();
    const lines = await twoLines();
    await saved(user.id + 1, 'their-token', 'theirs', lines);
    await saved(user.id + 1, 'their-token', 'their-refused', lines, {
      state: 'refused',
      error: { status: 400, message: 'theirs' },
    });
    await saved(user.id, token, 'mine', lines.slice(0, 1));
    server.use(http.get('*/api/orders/my', () => HttpResponse.json([])));
    renderProfile();
    await ordersRegion().findByText(WAITING_TO_SEND);
    expect(ordersRegion().getAllByText(/Saved order ·/)).toHaveLength(1);
    expect(ordersRegion().getByText(/Saved order ·/)).toHaveTextContent('2 items');
    expect(ordersRegion().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('never says No orders found while a saved order waits, even when the shop answers before the device', async () => {
    const { user, token } = await signIn();
    await saved(user.id, token, 'k', await twoLines());
    server.use(http.get('*/api/orders/my', () => HttpResponse.json([])));
    const answers = countMyOrdersAnswers();
    const release = holdDeviceReads();
    renderProfile();
    await waitFor(() => expect(answers()).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(ordersRegion().queryByText('No orders found')).not.toBeInTheDocument();
    expect(ordersRegion().getByRole('status')).toHaveTextContent('Loading orders…');
    release();
    await ordersRegion().findByText(WAITING_TO_SEND);
    expect(ordersRegion().queryByText('No orders found')).not.toBeInTheDocument();
  });

  it('still says No orders found with nothing on the device or at the shop', async () => {
    await signIn();
    server.use(http.get('*/api/orders/my', () => HttpResponse.json([])));
    renderProfile();
    expect(await ordersRegion().findByText('No orders found')).toBeInTheDocument();
  });
});
