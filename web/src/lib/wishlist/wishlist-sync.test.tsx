import 'fake-indexeddb/auto';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '#mock-api/node';
import { mockBackend } from '#mock-api/mock-store';
import { WishlistButton } from '#web/components/wishlist-button';
import { useAtomValue } from '#web/lib/jotai';
import { setAuthAtom } from '#web/lib/session/auth-atoms';
import { renderWithApp } from '#web/test/render';
import { recordRequests } from '#web/test/requests';
import { demoProducts, signIn } from '#web/test/shop-session';
import {
  freshWishlistDbPerTest,
  pendingOnDevice,
  seedDeviceWishlist,
  serverWishlist,
  WishlistSync,
} from '#web/test/wishlist-kit';
import { wishlistIdsAtom } from './wishlist-atoms';
import { GUEST } from './wishlist-db';

const db = freshWishlistDbPerTest();
afterEach(() => {
  server.events.removeAllListeners();
  window.dispatchEvent(new Event('online')); // the network status is the module's: leave it online
});

/** What the hearts and the header are shown: the current owner's saved ids, newest first. */
function SavedIds() {
  const ids = useAtomValue(wishlistIdsAtom);
  return <output data-testid="saved">{ids === null ? 'loading' : ids.join(',')}</output>;
}
const shown = () => screen.getByTestId('saved').textContent;

async function shopperLogin() {
  const { core, demo } = await mockBackend();
  const { demoShopperCredentials } = await import('#mock-api/mock-store');
  return core.auth.login(demoShopperCredentials(demo));
}

describe('the wishlist across sign-in', () => {
  it('merges the guest list into the account on sign-in: a PUT for each product it lacks, then the shop’s list', async () => {
    const [a, b, c] = await demoProducts();
    const auth = await shopperLogin();
    await (await mockBackend()).core.wishlist.add(auth.user.id, c!.id);
    // The guest saved a (newest), b, and c, which the account already holds.
    await seedDeviceWishlist(db(), [a!, b!, c!]);
    const { store } = renderWithApp(
      <>
        <WishlistSync />
        <SavedIds />
      </>,
    );
    await waitFor(() => expect(shown()).toBe([a, b, c].map((p) => p!.id).join(',')));

    const requests = recordRequests();
    act(() => store.set(setAuthAtom, auth));
    await waitFor(async () => expect(await serverWishlist(auth.user.id)).toEqual([a!.id, b!.id, c!.id]));
    await waitFor(() => expect(shown()).toBe([a, b, c].map((p) => p!.id).join(',')));
    const puts = requests.filter((r) => r.startsWith('PUT'));
    expect(puts.sort()).toEqual([`PUT /api/wishlist/${a!.id}`, `PUT /api/wishlist/${b!.id}`].sort());
    expect(requests.at(-1)).toBe('GET /api/wishlist');
    // The device's guest list now belongs to the account; nothing waits to be sent.
    expect(await db().saved.where('owner').equals(GUEST).count()).toBe(0);
    expect(await pendingOnDevice(db())).toEqual([]);
  });

  it('shows the account’s list while signed in and the (empty) guest list after signing out', async () => {
    const [a] = await demoProducts();
    const auth = await signIn('shopper');
    await (await mockBackend()).core.wishlist.add(auth.user.id, a!.id);
    const { store } = renderWithApp(
      <>
        <WishlistSync />
        <SavedIds />
      </>,
    );
    await waitFor(() => expect(shown()).toBe(String(a!.id)));
    const { clearAuthAtom } = await import('#web/lib/session/auth-atoms');
    act(() => store.set(clearAuthAtom));
    await waitFor(() => expect(shown()).toBe(''));
  });
});

describe('the wishlist offline while signed in', () => {
  it('queues a change made with no network on the device and sends it when the network returns', async () => {
    const [a, b] = await demoProducts();
    const auth = await signIn('shopper');
    await (await mockBackend()).core.wishlist.add(auth.user.id, b!.id);
    const user = userEvent.setup();
    renderWithApp(
      <>
        <WishlistSync />
        <WishlistButton product={a!} />
        <WishlistButton product={b!} />
      </>,
    );
    await screen.findByRole('button', { name: 'Remove from wishlist' });
    server.use(http.all('*/api/wishlist/:id', () => HttpResponse.error()));

    const [heartA, heartB] = screen.getAllByRole('button');
    await user.click(heartA!);
    await user.click(heartB!);
    await waitFor(async () =>
      expect(await pendingOnDevice(db())).toEqual(
        expect.arrayContaining([
          { owner: auth.user.id, productId: a!.id, op: 'put' },
          { owner: auth.user.id, productId: b!.id, op: 'delete' },
        ]),
      ),
    );
    expect(await serverWishlist(auth.user.id)).toEqual([b!.id]);
    // The hearts show the change at once, offline.
    expect(heartA).toHaveAccessibleName('Remove from wishlist');
    expect(heartB).toHaveAccessibleName('Add to wishlist');

    server.resetHandlers();
    window.dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await serverWishlist(auth.user.id)).toEqual([a!.id]));
    await waitFor(async () => expect(await pendingOnDevice(db())).toEqual([]));
  });

  it('takes a save back when the shop refuses it (a product it no longer sells)', async () => {
    const [a] = await demoProducts();
    await signIn('shopper');
    const gone = { ...a!, id: 987_654 };
    const user = userEvent.setup();
    renderWithApp(
      <>
        <WishlistSync />
        <WishlistButton product={gone} />
      </>,
    );
    const requests = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    await waitFor(() => expect(requests).toContain(`PUT /api/wishlist/${gone.id}`));
    await waitFor(() => expect(screen.getByRole('button')).toHaveAccessibleName('Add to wishlist'));
    expect(screen.getByRole('button')).toHaveAttribute('aria-pressed', 'false');
    await waitFor(async () => expect(await db().saved.count()).toBe(0));
    expect(await pendingOnDevice(db())).toEqual([]);
  });
});
