import { atom } from '../jotai';
import { userAtom } from '../session/auth-atoms';

/**
 * What the hearts and the header show: the saved product ids (newest first) of one owner, the signed-in
 * user's id or 0 for a guest. Filled by the wishlist driver (use-wishlist-sync.ts) and changed at once by a
 * click (wishlist-actions.ts). In the first load, so it stays this small: the rest of the wishlist is lazy.
 */
export interface WishlistView {
  owner: number;
  ids: readonly number[];
}

export const wishlistViewAtom = atom<WishlistView | null>(null);

/** Whose list the app shows now: the signed-in user's, 0 for a guest, null for an admin (who has none). */
export const wishlistOwnerAtom = atom((get) => {
  const user = get(userAtom);
  return !user ? 0 : user.is_admin === 1 ? null : user.id;
});

const NONE: readonly number[] = [];

/** The current owner's saved ids; null until that list has been read (an admin's is always empty). */
export const wishlistIdsAtom = atom((get) => {
  const owner = get(wishlistOwnerAtom);
  if (owner === null) return NONE;
  const view = get(wishlistViewAtom);
  return view?.owner === owner ? view.ids : null;
});
