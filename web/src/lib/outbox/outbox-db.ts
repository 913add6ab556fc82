import Dexie, { type Table } from 'dexie';
import type { CartLine } from '#contract/schemas/cart';
import type { PlaceOrderBody } from '#contract/schemas/order';
import { swappable } from '../swappable';

/**
 * Orders placed with no network, kept on the device until the shop has them (issue 12). A database of its own,
 * not a table of the catalogue's: the service worker opens it to send from Background Sync, and it must survive
 * the catalogue cache being cleared.
 *
 * States: `waiting` (to be sent; `nextAttemptAt` spaces the retries), `needs-sign-in` (the server answered 401:
 * kept, sent again once the same account signs in), `refused` (the server said no: its message is shown with
 * Back to cart and Discard), `placed` (the shop has it as `orderId`; kept a while so the profile can show the
 * confirmed total beside the one shown offline, and so the "placed" toast is shown once).
 */
export type SavedOrderState = 'waiting' | 'needs-sign-in' | 'refused' | 'placed';

export interface SavedOrder {
  /** The Idempotency-Key it is always sent with; also its id on the device. */
  key: string;
  userId: number;
  /** The token of the account that saved it; null after a 401 or a sign-out until that account signs in again. */
  token: string | null;
  /** The token the server refused with 401: a later sign-in that still holds it gives the order nothing new. */
  spentToken?: string;
  body: PlaceOrderBody;
  /** The cart lines as shown (titles, prices, pictures), for the saved screen, the profile and Back to cart. */
  lines: CartLine[];
  /** The total shown when it was saved, an estimate until the shop confirms it. */
  shownTotal: number;
  savedAt: number;
  state: SavedOrderState;
  attempts: number;
  nextAttemptAt: number;
  error?: { status: number; message: string };
  orderId?: number;
  confirmedTotal?: number;
  placedAt?: number;
  /** The "Your saved order was placed" toast has been shown (by one tab only). */
  announced?: boolean;
}

/** A lease for browsers without Web Locks: which sender holds the outbox, and until when. */
export interface SenderLease {
  key: 'sender';
  holder: string;
  until: number;
}

export class OutboxDb extends Dexie {
  orders!: Table<SavedOrder, string>;
  leases!: Table<SenderLease, string>;

  constructor(name = 'threadline-outbox') {
    super(name);
    this.version(1).stores({ orders: 'key, userId, savedAt', leases: 'key' });
  }
}

const current = swappable(() => new OutboxDb());

export function outboxDb(): OutboxDb {
  return current.get();
}

/** Tests swap in a fresh database. */
export function setOutboxDb(db: OutboxDb | null): void {
  current.set(db);
}
