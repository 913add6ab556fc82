import { useEffect } from 'react';
import { readToken } from '../api-client';
import { useAtomValue, useSetAtom } from '../jotai';
import { wishlistOwnerAtom, wishlistViewAtom } from './wishlist-atoms';

/**
 * Runs the wishlist driver (lazy chunk, with Dexie) for whoever is signed in, from the first render on; a
 * sign-in or sign-out stops it and starts one for the new owner, which is what merges a guest's list into the
 * account that signs in. Mounted once, in the header.
 */
export function useWishlistSync(): void {
  const owner = useAtomValue(wishlistOwnerAtom);
  const setView = useSetAtom(wishlistViewAtom);
  useEffect(() => {
    if (owner === null) return;
    let stop: (() => void) | null = null;
    let live = true;
    const token = readToken();
    import('./wishlist-driver').then(
      ({ startWishlistDriver }) => {
        if (live) stop = startWishlistDriver(owner, token, (ids) => setView({ owner, ids }));
      },
      (err: unknown) => console.warn('Wishlist: could not start', err),
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [owner, setView]);
}
