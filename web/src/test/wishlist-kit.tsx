/**
 * Test helpers for the wishlist (issue 14): a fresh device database per test, the driver the header runs, and
 * rows saved on the device as a guest's clicks (or an earlier session) would have left them.
 */
import { cleanup } from '@testing-library/react';
import type { Product } from '#contract/schemas/product';
import { mockBackend } from '#mock-api/mock-store';
import { useWishlistSync } from '#web/lib/wishlist/use-wishlist-sync';
import { GUEST, setWishlistDb, WishlistDb, type PendingChange } from '#web/lib/wishlist/wishlist-db';
import { freshDbPerTest } from './fresh-db';

/** A fresh wishlist database for each test (the test file imports 'fake-indexeddb/auto' first). */
export function freshWishlistDbPerTest(): () => WishlistDb {
  // Unmount what still reads it (the driver), and let a write on its way land, before the database goes.
  return freshDbPerTest(WishlistDb, setWishlistDb, async () => {
    cleanup();
    await new Promise((r) => setTimeout(r, 20));
  });
}

/** What the header mounts: the wishlist driver for whoever is signed in. */
export function WishlistSync() {
  useWishlistSync();
  return null;
}

/** Saves these products on the device for `owner` (GUEST by default), the first one newest. */
export async function seedDeviceWishlist(db: WishlistDb, products: Product[], owner = GUEST): Promise<void> {
  const base = Date.parse('2026-03-01T10:00:00.000Z');
  await db.saved.bulkPut(
    products.map((p, i) => ({
      owner,
      productId: p.id,
      addedAt: new Date(base - i * 60_000).toISOString(),
      product: p,
    })),
  );
}

export async function pendingOnDevice(db: WishlistDb): Promise<Omit<PendingChange, 'at'>[]> {
  return (await db.changes.toArray()).map(({ owner, productId, op }) => ({ owner, productId, op }));
}

/** The product ids the server holds for the account, newest first. */
export async function serverWishlist(userId: number): Promise<number[]> {
  const { core } = await mockBackend();
  return core.wishlist.list(userId).items.map((i) => i.product_id);
}
