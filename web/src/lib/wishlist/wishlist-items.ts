import type { Product } from '#contract/schemas/product';
import { ApiError } from '../api-client';
import { cachedApi } from '../catalogue-cache';
import { GUEST, type SavedRow } from './wishlist-db';
import { savedRows } from './wishlist-store';
import { syncWishlist } from './wishlist-sync';

/**
 * The saved products with their details, for /wishlist, newest first. An account's come with the server's
 * list (read after the sync has sent what waited, so a guest list merged at sign-in is in it). Offline, or for
 * a guest, each product is the freshest copy at hand: the server's (network first), else the offline
 * catalogue's, else the copy kept when it was saved. `product` is null once the shop no longer sells it.
 */
export interface ShownItem {
  productId: number;
  product: Product | null;
}

async function catalogueCopy(id: number): Promise<Product | undefined> {
  try {
    const { catalogueDb } = await import('../db');
    return await catalogueDb().productStore.get(id);
  } catch {
    return undefined;
  }
}

async function freshest(row: SavedRow, network: boolean, signal: AbortSignal): Promise<Product | null> {
  if (network) {
    try {
      return await cachedApi('getProduct', { params: { id: row.productId }, signal });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null;
    }
  }
  return (await catalogueCopy(row.productId)) ?? row.product;
}

export async function wishlistItems(
  owner: number,
  token: string | null,
  signal: AbortSignal,
): Promise<ShownItem[]> {
  const synced = owner !== GUEST && token !== null && (await syncWishlist(owner, token, { refresh: true }));
  const rows = await savedRows(owner);
  if (synced) return rows.map((r) => ({ productId: r.productId, product: r.product }));
  // A guest asks the catalogue (which answers from the offline copy itself); an account here is offline.
  const network = owner === GUEST;
  return Promise.all(
    rows.map(async (r) => ({ productId: r.productId, product: await freshest(r, network, signal) })),
  );
}
