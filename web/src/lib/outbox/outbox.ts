import type { CartLine } from '#contract/schemas/cart';
import type { PlaceOrderBody } from '#contract/schemas/order';
import { outboxDb, type SavedOrder } from './outbox-db';

/**
 * The outbox's reads and writes. Every write tells the other tabs and the service worker (a BroadcastChannel) and
 * this tab's listeners, so the profile and the toasts follow a send made anywhere.
 */
export const OUTBOX_CHANNEL = 'threadline-outbox';
/** The Background Sync tag the service worker listens for. */
export const OUTBOX_SYNC_TAG = 'threadline-outbox';
/** Placed entries are kept this long for the profile's "confirmed total" and then dropped. */
export const KEEP_PLACED_MS = 30 * 24 * 60 * 60 * 1000;

type Listener = () => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function openChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.onmessage = () => {
    for (const l of listeners) l();
  };
  return channel;
}

export function notifyOutboxChange(): void {
  openChannel()?.postMessage('changed');
  for (const l of listeners) l();
}

/** Calls the listener after every change to the outbox, in this tab, another tab or the service worker. */
export function onOutboxChange(listener: Listener): () => void {
  openChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface NewSavedOrder {
  key: string;
  userId: number;
  token: string;
  body: PlaceOrderBody;
  lines: CartLine[];
  shownTotal: number;
}

export async function saveOrder(order: NewSavedOrder, now = Date.now()): Promise<SavedOrder> {
  const saved: SavedOrder = { ...order, savedAt: now, state: 'waiting', attempts: 0, nextAttemptAt: now };
  await outboxDb().orders.put(saved);
  notifyOutboxChange();
  return saved;
}

export function getSavedOrder(key: string): Promise<SavedOrder | undefined> {
  return outboxDb().orders.get(key);
}

/** One account's saved orders, newest first. */
export async function savedOrdersOf(userId: number): Promise<SavedOrder[]> {
  const rows = await outboxDb().orders.where('userId').equals(userId).toArray();
  return rows.sort((a, b) => b.savedAt - a.savedAt);
}

export async function updateSavedOrder(key: string, change: Partial<SavedOrder>): Promise<void> {
  await outboxDb().orders.update(key, change);
  notifyOutboxChange();
}

export async function discardSavedOrder(key: string): Promise<void> {
  await outboxDb().orders.delete(key);
  notifyOutboxChange();
}

/** Back to cart: removes a refused order and gives its lines back (null when it is gone or not refused). */
export async function takeBackSavedOrder(key: string): Promise<CartLine[] | null> {
  const db = outboxDb();
  const lines = await db.transaction('rw', db.orders, async () => {
    const order = await db.orders.get(key);
    if (!order || order.state !== 'refused') return null;
    await db.orders.delete(key);
    return order.lines;
  });
  if (lines) notifyOutboxChange();
  return lines;
}

/**
 * After a sign-in: this account's orders that wait (or waited for the sign-in) take its new token. Orders of
 * other accounts are never touched, so they are never sent with this token.
 */
export async function adoptToken(userId: number, token: string): Promise<number> {
  const db = outboxDb();
  const count = await db.orders
    .where('userId')
    .equals(userId)
    .filter(
      (o) =>
        (o.state === 'waiting' || o.state === 'needs-sign-in') && o.token !== token && o.spentToken !== token,
    )
    .modify((o) => {
      o.token = token;
      if (o.state === 'needs-sign-in') Object.assign(o, { state: 'waiting', attempts: 0, nextAttemptAt: 0 });
    });
  if (count > 0) notifyOutboxChange();
  return count;
}

/** After a sign-out: no saved order keeps a token that no longer belongs to the person at this device. */
export async function forgetTokens(userId: number): Promise<void> {
  const count = await outboxDb().orders.where('userId').equals(userId).modify({ token: null });
  if (count > 0) notifyOutboxChange();
}

/** Claims the "placed" toasts of one account: each placed order is announced by exactly one tab. */
export async function claimPlacedAnnouncements(userId: number): Promise<SavedOrder[]> {
  const db = outboxDb();
  const claimed = await db.transaction('rw', db.orders, async () => {
    const rows = await db.orders
      .where('userId')
      .equals(userId)
      .filter((o) => o.state === 'placed' && !o.announced)
      .toArray();
    for (const o of rows) await db.orders.update(o.key, { announced: true });
    return rows;
  });
  if (claimed.length > 0) notifyOutboxChange();
  return claimed;
}

export async function prunePlaced(now = Date.now()): Promise<void> {
  await outboxDb()
    .orders.filter((o) => o.state === 'placed' && (o.placedAt ?? 0) < now - KEEP_PLACED_MS)
    .delete();
}

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/**
 * Asks the service worker to send the outbox when the network returns, even if the app is closed by then
 * (Background Sync: Chromium browsers). Elsewhere it answers false and the open app sends instead.
 */
export async function requestBackgroundSync(): Promise<boolean> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as SyncRegistration | undefined;
    if (!registration?.sync) return false;
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
