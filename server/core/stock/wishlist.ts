/**
 * The signed-in shopper's wishlist: one stored row per saved product (issue 14). PUT and DELETE are
 * idempotent, so a device that replays its offline changes, or merges its signed-out list at sign-in,
 * can send them again safely.
 */
import { LIMITS } from '#contract/limits';
import type { Product } from '#contract/schemas/product';
import type { Wishlist } from '#contract/schemas/wishlist';
import { DomainError, notFound } from '../api/errors';
import type { CoreDeps } from '../ports';
import type { StoredProduct, StoredWish } from '../records';

export function createWishlistUseCases(
  { stores, clock }: CoreDeps,
  publicProduct: (row: StoredProduct) => Product,
) {
  /** user id → product id → row, kept from the table's commits. */
  const byUser = new Map<number, Map<number, StoredWish>>();
  const index = (w: StoredWish): void => {
    let m = byUser.get(w.user_id);
    if (!m) byUser.set(w.user_id, (m = new Map()));
    m.set(w.product_id, w);
  };
  const unindex = (w: StoredWish): void => {
    const m = byUser.get(w.user_id);
    if (m?.get(w.product_id)?.id !== w.id) return;
    m.delete(w.product_id);
    if (m.size === 0) byUser.delete(w.user_id);
  };
  for (const w of stores.wishlist.all()) index(w);
  stores.wishlist.subscribe(({ put, removed }) => {
    for (const w of removed) unindex(w);
    for (const w of put) index(w);
  });
  /** Saves accepted by a change function whose write has not landed yet, per user. */
  const pending = new Map<number, Set<number>>();

  return {
    list(userId: number): Wishlist {
      const rows = [...(byUser.get(userId)?.values() ?? [])].sort((a, b) =>
        a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id,
      );
      return {
        items: rows.map((w) => {
          const p = stores.products.get(w.product_id);
          return { product_id: w.product_id, added_at: w.created_at, product: p ? publicProduct(p) : null };
        }),
      };
    },

    async add(userId: number, productId: number): Promise<{ ok: true }> {
      if (!stores.products.get(productId)) throw notFound('Product');
      if (byUser.get(userId)?.has(productId)) return { ok: true };
      let mine = pending.get(userId);
      if (!mine) pending.set(userId, (mine = new Set()));
      const claims = mine;
      let claimed = false;
      try {
        await stores.wishlist.change((_get, nextId) => {
          const saved = byUser.get(userId);
          if (saved?.has(productId) || claims.has(productId)) return { result: undefined };
          if ((saved?.size ?? 0) + claims.size >= LIMITS.wishlist)
            throw new DomainError('conflict', `A wishlist can hold at most ${LIMITS.wishlist} products`);
          claims.add(productId);
          claimed = true;
          const row: StoredWish = {
            id: nextId(),
            user_id: userId,
            product_id: productId,
            created_at: clock.now().toISOString(),
          };
          return { put: [row], result: undefined };
        });
      } finally {
        if (claimed) claims.delete(productId);
        if (claims.size === 0) pending.delete(userId);
      }
      return { ok: true };
    },

    async remove(userId: number, productId: number): Promise<{ ok: true }> {
      await stores.wishlist.change(() => {
        const row = byUser.get(userId)?.get(productId);
        return row ? { remove: [row.id], result: undefined } : { result: undefined };
      });
      return { ok: true };
    },
  };
}

export type WishlistUseCases = ReturnType<typeof createWishlistUseCases>;
