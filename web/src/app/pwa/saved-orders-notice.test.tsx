import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '#mock-api/node';
import { api } from '#web/lib/api-client';
import { updateSavedOrder } from '#web/lib/outbox/outbox';
import { clearAuthAtom, setAuthAtom } from '#web/lib/session/auth-atoms';
import { savedOrderFor, freshOutboxDbPerTest } from '#web/test/outbox-kit';
import { renderWithApp } from '#web/test/render';
import { signIn } from '#web/test/shop-session';
import { SAVED_ORDER_PLACED, SAVED_ORDER_SIGN_IN, SavedOrdersNotice } from './saved-orders-notice';

/**
 * Issue 12, the app's side while it is open: the driver sends the saved orders, "Your saved order was placed" is
 * said once (in one tab), and a sign-in or a sign-out moves the saved orders' tokens.
 */
const db = freshOutboxDbPerTest(async () => {
  // Unmounted (drivers stopped) before the database goes; then let a send still on its way finish.
  cleanup();
  await new Promise((r) => setTimeout(r, 50));
});

/** The toasts saying so (the router's location probe, an <output>, is a status too). */
const placedToasts = () =>
  screen.queryAllByRole('status').filter((el) => el.textContent?.includes(SAVED_ORDER_PLACED));

/** Two notices in one page: two tabs sharing one outbox database (and its change events). */
function renderTwoTabs() {
  return renderWithApp(
    <>
      <SavedOrdersNotice />
      <SavedOrdersNotice />
    </>,
  );
}

describe('Saved orders while the app is open', () => {
  it('sends a saved order at start and says Your saved order was placed once, in one of two tabs', async () => {
    const { user, token } = await signIn();
    await savedOrderFor(user.id, token, 'k');
    const before = (await api('myOrders', { token })).length;
    renderTwoTabs();

    await waitFor(() => expect(placedToasts()).toHaveLength(1), { timeout: 5_000 });
    const toast = placedToasts()[0]!;
    expect(within(toast).getByRole('link', { name: 'View orders' })).toHaveAttribute('href', '/profile');
    await new Promise((r) => setTimeout(r, 300));
    expect(placedToasts()).toHaveLength(1);
    expect(await db().orders.get('k')).toMatchObject({ state: 'placed', announced: true });
    expect(await api('myOrders', { token })).toHaveLength(before + 1);
  });

  it('says it once for an order another tab or the service worker placed, and never for another account’s', async () => {
    const { user, token } = await signIn();
    // Nothing is sent from here: the other sender has it.
    server.use(http.post('*/api/orders', () => HttpResponse.error()));
    await savedOrderFor(user.id, token, 'mine');
    await savedOrderFor(user.id + 1, 'their-token', 'theirs');
    renderTwoTabs();
    await waitFor(async () => expect((await db().orders.get('mine'))?.attempts).toBeGreaterThan(0));

    await act(() => updateSavedOrder('theirs', { state: 'placed', orderId: 8_001, placedAt: Date.now() }));
    await new Promise((r) => setTimeout(r, 200));
    expect(placedToasts()).toHaveLength(0);

    await act(() => updateSavedOrder('mine', { state: 'placed', orderId: 8_000, placedAt: Date.now() }));
    await waitFor(() => expect(placedToasts()).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(placedToasts()).toHaveLength(1);
    expect(await db().orders.get('theirs')).not.toHaveProperty('announced', true);
  });

  it('asks to sign in again when the shop refuses the saved token', async () => {
    const { user, token } = await signIn();
    // The session ended on the server meanwhile.
    server.use(
      http.post('*/api/orders', () =>
        HttpResponse.json({ message: 'Session expired', code: 'unauthorized' }, { status: 401 }),
      ),
    );
    await savedOrderFor(user.id, token, 'k');
    renderWithApp(<SavedOrdersNotice />);
    const toast = await screen.findByText(SAVED_ORDER_SIGN_IN);
    expect(within(toast.closest('[role=status]')!).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(await db().orders.get('k')).toMatchObject({
      state: 'needs-sign-in',
      token: null,
      spentToken: token,
    });
  });

  it('a sign-in gives this account’s orders that waited for it the new token, and them only', async () => {
    // What is sent stays waiting (no network), to see the hand-over itself.
    server.use(http.post('*/api/orders', () => HttpResponse.error()));
    const admin = await signIn('admin');
    localStorage.clear();
    const { store } = renderWithApp(<SavedOrdersNotice />);
    const auth = await signIn();
    await savedOrderFor(auth.user.id, null, 'needs', {
      then: { state: 'needs-sign-in', spentToken: 'spent', attempts: 3 },
    });
    await savedOrderFor(admin.user.id, null, 'admins', {
      then: { state: 'needs-sign-in', spentToken: 'spent-admin' },
    });

    act(() => store.set(setAuthAtom, auth));
    await waitFor(async () => expect((await db().orders.get('needs'))?.token).toBe(auth.token));
    expect(await db().orders.get('needs')).toMatchObject({ state: 'waiting' });
    expect(await db().orders.get('admins')).toMatchObject({ state: 'needs-sign-in', token: null });
  });

  it('a sign-out takes the token back from this account’s saved orders, and keeps them', async () => {
    server.use(http.post('*/api/orders', () => HttpResponse.error()));
    const { user, token } = await signIn();
    await savedOrderFor(user.id, token, 'mine');
    await savedOrderFor(user.id + 1, 'their-token', 'theirs');
    const { store } = renderWithApp(<SavedOrdersNotice />);
    // Signed in, it is sent (and kept waiting: no network) with its own token.
    await waitFor(async () => expect((await db().orders.get('mine'))?.attempts).toBeGreaterThan(0));
    expect(await db().orders.get('mine')).toMatchObject({ token });

    act(() => store.set(clearAuthAtom));
    await waitFor(async () => expect((await db().orders.get('mine'))?.token).toBeNull());
    expect(await db().orders.get('mine')).toMatchObject({ state: 'waiting' });
    expect(await db().orders.get('theirs')).toMatchObject({ token: 'their-token' });
  });
});
