import { useEffect } from 'react';
import { readToken } from '#web/lib/api-client';
import { useQuery } from '#web/lib/use-query';
import type { ShownItem } from '#web/lib/wishlist/wishlist-items';

/**
 * The saved products with their details for `ids` (the hearts' list, null until read). A product taken off
 * disappears at once (the list is filtered by `ids`); one saved elsewhere (another tab, the account's sync)
 * that the loaded details lack loads them again, once per new set of missing ids.
 */
export function useWishlistItems(owner: number | null, ids: readonly number[] | null) {
  const { data, error, loading, refresh } = useQuery(
    owner === null || ids === null ? null : ['wishlist', owner],
    async (signal) => {
      const { wishlistItems } = await import('#web/lib/wishlist/wishlist-items');
      return wishlistItems(owner!, readToken(), signal);
    },
  );
  const loaded = new Set(data?.map((i) => i.productId));
  const missing = data && ids ? ids.filter((id) => !loaded.has(id)).join() : '';
  useEffect(() => {
    if (missing) refresh();
  }, [missing, refresh]);
  const items: ShownItem[] | undefined =
    data && ids ? data.filter((i) => ids.includes(i.productId)) : undefined;
  return { items, error, loading, refresh };
}
