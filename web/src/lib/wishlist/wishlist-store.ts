import { LIMITS } from '#contract/limits';
import type { Product } from '#contract/schemas/product';
import type { WishlistItem } from '#contract/schemas/wishlist';
import { GUEST, wishlistDb, type PendingChange, type SavedRow, type WishlistDb } from './wishlist-db';

/**
 * The wishlist's state on the device. Each owner's rows and unsent changes are read from IndexedDB once per
 * session and then kept here, in memory, as the truth every read answers from; each change is applied here at
 * once (the hearts follow the click) and written behind, in order. A browser without IndexedDB keeps the list
 * for the session only. Other tabs hear of a landed write on a BroadcastChannel and read that owner again.
 */
interface OwnerState {
  rows: Map<number, SavedRow>;
  changes: Map<number, PendingChange>;
}

interface Store {
  db: WishlistDb | null;
  owners: Map<number, Promise<OwnerState>>;
  /** The write-behind queue: each write starts once the one before it has landed. */
  writes: Promise<void>;
}

const stores = new WeakMap<WishlistDb, Store>();
const memoryOnly: Store = { db: null, owners: new Map(), writes: Promise.resolve() };

function store(): Store {
  if (typeof indexedDB === 'undefined') return memoryOnly;
  const db = wishlistDb();
  let s = stores.get(db);
  if (!s) stores.set(db, (s = { db, owners: new Map(), writes: Promise.resolve() }));
  return s;
}

type Listener = (owner: number) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function openChannel(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel('threadline-wishlist');
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (typeof event.data !== 'number') return;
    store().owners.delete(event.data); // read again from IndexedDB on next use
    emit(event.data);
  };
}

function emit(owner: number): void {
  for (const l of listeners) l(owner);
}

/** Calls the listener with the owner whose list changed, here or in another tab. */
export function onWishlistChange(listener: Listener): () => void {
  openChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function load(db: WishlistDb | null, owner: number): Promise<OwnerState> {
  const state: OwnerState = { rows: new Map(), changes: new Map() };
  if (!db) return state;
  const [rows, changes] = await db.transaction('r', db.saved, db.changes, () =>
    Promise.all([
      db.saved.where('owner').equals(owner).toArray(),
      db.changes.where('owner').equals(owner).toArray(),
    ]),
  );
  for (const r of rows) state.rows.set(r.productId, r);
  for (const c of changes) state.changes.set(c.productId, c);
  return state;
}

function ownerState(owner: number): Promise<OwnerState> {
  const s = store();
  let state = s.owners.get(owner);
  if (!state) {
    // After the writes still queued here, so a read again (another tab wrote) sees this tab's changes too.
    state = s.writes.then(() => load(s.db, owner));
    s.owners.set(owner, state);
    state.catch(() => s.owners.delete(owner));
  }
  return state;
}

type Part = [owner: number, state: OwnerState, ids: Iterable<number>];

/**
 * Writes what memory now holds for these products of these owners (a row or change memory lacks is deleted),
 * in one transaction: a merge's guest rows leave and the account's arrive together, or neither does.
 */
function persist(...parts: Part[]): Promise<void> {
  const s = store();
  const { db } = s;
  if (!db) return Promise.resolve();
  const writes = parts.map(([owner, state, ids]) => {
    const keys = [...ids];
    const key = (id: number): [number, number] => [owner, id];
    return {
      owner,
      goneRows: keys.filter((id) => !state.rows.has(id)).map(key),
      rows: keys.flatMap((id) => state.rows.get(id) ?? []),
      goneChanges: keys.filter((id) => !state.changes.has(id)).map(key),
      changes: keys.flatMap((id) => state.changes.get(id) ?? []),
    };
  });
  const write = async () => {
    await db.transaction('rw', db.saved, db.changes, async () => {
      for (const w of writes) {
        await db.saved.bulkDelete(w.goneRows);
        await db.saved.bulkPut(w.rows);
        await db.changes.bulkDelete(w.goneChanges);
        await db.changes.bulkPut(w.changes);
      }
    });
    for (const w of writes) channel?.postMessage(w.owner);
  };
  s.writes = s.writes
    .then(write)
    .catch((err: unknown) => console.warn('Wishlist: could not save on this device', err));
  return s.writes;
}

/** ISO times compare as text (by code unit: no collator to build, which localeCompare does on first use). */
const newestFirst = (a: SavedRow, b: SavedRow) =>
  (b.addedAt < a.addedAt ? -1 : b.addedAt > a.addedAt ? 1 : 0) || b.productId - a.productId;

/** The owner's saved rows, newest first. */
export async function savedRows(owner: number): Promise<SavedRow[]> {
  return [...(await ownerState(owner)).rows.values()].sort(newestFirst);
}

export async function savedIds(owner: number): Promise<number[]> {
  return (await savedRows(owner)).map((r) => r.productId);
}

/**
 * Saves or removes a product for the owner; an account's change is also queued for the server. False when a
 * guest's list is full (the server refuses an account's 201st itself).
 */
export async function setSaved(
  owner: number,
  id: number,
  saved: boolean,
  product: Product | null,
): Promise<boolean> {
  const state = await ownerState(owner);
  if (saved === state.rows.has(id)) return true;
  if (saved && owner === GUEST && state.rows.size >= LIMITS.wishlist) return false;
  if (saved) state.rows.set(id, { owner, productId: id, addedAt: new Date().toISOString(), product });
  else state.rows.delete(id);
  if (owner !== GUEST)
    state.changes.set(id, { owner, productId: id, op: saved ? 'put' : 'delete', at: Date.now() });
  emit(owner);
  await persist([owner, state, [id]]);
  return true;
}

export async function hasGuestList(): Promise<boolean> {
  return (await ownerState(GUEST)).rows.size > 0;
}

/** Moves the guest list into the account: each product the account lacks becomes a change to send. */
export async function mergeGuestInto(owner: number): Promise<void> {
  const [guest, state] = await Promise.all([ownerState(GUEST), ownerState(owner)]);
  // Oldest first, so the server dates them in the order the guest saved them.
  const moved = [...guest.rows.values()].sort(newestFirst).reverse();
  if (moved.length === 0) return;
  guest.rows.clear();
  const now = Date.now();
  moved.forEach((row, i) => {
    if (state.rows.has(row.productId)) return;
    state.rows.set(row.productId, { ...row, owner });
    state.changes.set(row.productId, { owner, productId: row.productId, op: 'put', at: now + i });
  });
  emit(GUEST);
  emit(owner);
  const ids = moved.map((r) => r.productId);
  await persist([GUEST, guest, ids], [owner, state, ids]);
}

/** The account's unsent changes, oldest first. */
export async function pendingChanges(owner: number): Promise<PendingChange[]> {
  return [...(await ownerState(owner)).changes.values()].sort((a, b) => a.at - b.at);
}

/**
 * The server answered a change: it is no longer pending (unless a newer change of that product replaced it
 * meanwhile). `refused`: the server said no (unknown product, full list), so a refused save is undone.
 */
export async function settleChange(change: PendingChange, refused: boolean): Promise<void> {
  const { owner, productId } = change;
  const state = await ownerState(owner);
  if (state.changes.get(productId)?.at !== change.at) return;
  state.changes.delete(productId);
  if (refused && change.op === 'put') {
    state.rows.delete(productId);
    emit(owner);
  }
  await persist([owner, state, [productId]]);
}

/** The server's list becomes the account's, apart from the changes still waiting to be sent. */
export async function applyServerList(owner: number, items: WishlistItem[]): Promise<void> {
  const state = await ownerState(owner);
  const before = new Set(state.rows.keys());
  const next = new Map<number, SavedRow>();
  for (const item of items) {
    next.set(item.product_id, {
      owner,
      productId: item.product_id,
      addedAt: item.added_at,
      product: item.product,
    });
  }
  for (const change of state.changes.values()) {
    const local = state.rows.get(change.productId);
    if (change.op === 'delete') next.delete(change.productId);
    else if (local) next.set(change.productId, local);
  }
  state.rows = next;
  emit(owner);
  await persist([owner, state, new Set([...before, ...next.keys()])]);
}
