import type { Product } from '#contract/schemas/product';
import { readToken } from '../api-client';
import { atom } from '../jotai';
import { wishlistIdsAtom, wishlistOwnerAtom, wishlistViewAtom } from './wishlist-atoms';

/**
 * A heart's click: the hearts and the header change at once, then the device's list (lazy chunk), and for an
 * account the change is sent (or queued until the network returns). `save` is what the shopper saw and asked
 * for, so a double click on a slow device never undoes itself.
 */
export interface WishlistChange {
  id: number;
  save: boolean;
  /** Kept with a saved product, to be shown offline; not needed to remove one. */
  product?: Product;
}

export const setWishlistAtom = atom(null, async (get, set, { id, save, product }: WishlistChange) => {
  const owner = get(wishlistOwnerAtom);
  if (owner === null) return;
  const ids = get(wishlistIdsAtom) ?? [];
  const others = ids.filter((i) => i !== id);
  set(wishlistViewAtom, { owner, ids: save ? [id, ...others] : others });
  const { setSaved, savedIds } = await import('./wishlist-store');
  const done = await setSaved(owner, id, save, product ?? null);
  if (!done) set(wishlistViewAtom, { owner, ids: await savedIds(owner) });
  const token = readToken();
  if (owner !== 0 && token) {
    const { syncWishlist } = await import('./wishlist-sync');
    await syncWishlist(owner, token, { refresh: false }).catch(() => undefined);
  }
});
