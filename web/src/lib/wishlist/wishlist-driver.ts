import { getNetworkStatus, subscribeNetworkStatus } from '../network-status';
import { GUEST } from './wishlist-db';
import { savedIds, onWishlistChange } from './wishlist-store';
import { syncWishlist } from './wishlist-sync';

/**
 * The wishlist while the app is open, for whoever is signed in (GUEST when nobody): shows the list kept on the
 * device at once and after every change (here or in another tab); for an account, syncs with the server at
 * start (which is also how signing in merges the guest list: the app starts a driver for the new account)
 * and again whenever the network comes back.
 */
export function startWishlistDriver(
  owner: number,
  token: string | null,
  show: (ids: number[]) => void,
): () => void {
  let stopped = false;
  const showNow = () => {
    savedIds(owner).then(
      (ids) => !stopped && show(ids),
      (err: unknown) => !stopped && console.warn('Wishlist: could not read this device’s list', err),
    );
  };
  const sync = () => {
    if (owner !== GUEST && token) void syncWishlist(owner, token, { refresh: true }).catch(() => undefined);
  };
  const offChange = onWishlistChange((changed) => {
    if (changed === owner) showNow();
  });
  let wasOffline = getNetworkStatus().offline;
  const offNetwork = subscribeNetworkStatus(() => {
    const { offline } = getNetworkStatus();
    if (wasOffline && !offline) sync();
    wasOffline = offline;
  });
  showNow();
  sync();
  return () => {
    stopped = true;
    offChange();
    offNetwork();
  };
}
