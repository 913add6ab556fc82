import Dexie, { type Table } from 'dexie';
import type { Product } from '#contract/schemas/product';
import { swappable } from '../swappable';

/**
 * The wishlist on the device (issue 14), a database of its own rather than tables of the catalogue's: the
 * catalogue copy is a cache the server can always refill, while these rows are the shopper's own (the only copy
 * of a guest's list, and changes not yet sent).
 *
 * - `saved`: one row per saved product and owner. Owner 0 is the guest (signed out) list; a user id holds that
 *   account's list as last known here (the server's answer plus changes not yet sent), so the hearts, the
 *   header count and the page work offline. `product` is the copy shown when nothing fresher can be had.
 * - `changes`: per account, the last change of each product not yet acknowledged by the server (a later change
 *   of the same product replaces it, so the queue never grows past the list's size).
 */
export const GUEST = 0;

export interface SavedRow {
  owner: number;
  productId: number;
  addedAt: string;
  product: Product | null;
}

export interface PendingChange {
  owner: number;
  productId: number;
  op: 'put' | 'delete';
  /** When it was made: the queue is sent in this order, and a send only clears the change it sent. */
  at: number;
}

export class WishlistDb extends Dexie {
  saved!: Table<SavedRow, [number, number]>;
  changes!: Table<PendingChange, [number, number]>;

  constructor(name = 'threadline-wishlist') {
    super(name);
    this.version(1).stores({ saved: '[owner+productId], owner', changes: '[owner+productId], owner' });
  }
}

const current = swappable(() => new WishlistDb());

export function wishlistDb(): WishlistDb {
  return current.get();
}

/** Tests swap in a fresh database. */
export function setWishlistDb(db: WishlistDb | null): void {
  current.set(db);
}
