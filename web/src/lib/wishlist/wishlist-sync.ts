import { api, ApiError } from '../api-client';
import type { PendingChange } from './wishlist-db';
import {
  applyServerList,
  hasGuestList,
  mergeGuestInto,
  pendingChanges,
  settleChange,
} from './wishlist-store';

/**
 * A signed-in account's wishlist and the server, kept in step: (1) the unsent changes go out oldest first,
 * each idempotent, so a change sent twice (a reload mid-send) does no harm; (2) a guest list on this device
 * is merged into the account: each product the account's list lacks becomes a PUT; (3) on a refresh (and
 * after a merge), GET /api/wishlist becomes the account's list, apart from changes still waiting. A send that finds no network (or a 5xx, a
 * 401, a 429) stops and leaves the rest queued for the next run: at start, on a change, when the network
 * returns, when the page is opened. Runs never overlap; a run asked for while one waits joins it.
 */
export interface SyncOptions {
  /** Also read the server's list (a change alone only sends). */
  refresh: boolean;
}

/** Retried later: no answer, the server failing or busy, or a token it no longer takes. */
function later(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.status >= 500 || err.status === 401 || err.status === 429;
}

async function send(change: PendingChange, token: string): Promise<boolean> {
  const input = { params: { id: change.productId }, token };
  try {
    if (change.op === 'put') await api('putWishlist', input);
    else await api('deleteWishlist', input);
  } catch (err) {
    if (later(err)) return false;
    await settleChange(change, true);
    return true;
  }
  await settleChange(change, false);
  return true;
}

async function flush(owner: number, token: string): Promise<boolean> {
  for (const change of await pendingChanges(owner)) {
    if (!(await send(change, token))) return false;
  }
  return true;
}

async function read(owner: number, token: string): Promise<boolean> {
  try {
    const { items } = await api('getWishlist', { token });
    await applyServerList(owner, items);
    return true;
  } catch (err) {
    if (later(err)) return false;
    throw err;
  }
}

/** One run; true when the server has everything and (on a refresh) its list was read. */
async function run(owner: number, token: string, { refresh }: SyncOptions): Promise<boolean> {
  if (!(await flush(owner, token))) return false;
  if (await hasGuestList()) {
    // The account's list first, so only what it lacks is sent (offline: all of it, PUT being idempotent).
    const online = await read(owner, token);
    await mergeGuestInto(owner);
    if (!online || !(await flush(owner, token))) return false;
    refresh = true;
  }
  return !refresh || read(owner, token);
}

let tail: Promise<unknown> = Promise.resolve();
let waiting: { owner: number; token: string; options: SyncOptions; promise: Promise<boolean> } | null = null;

/** Runs a sync for the account after any running one; joins one that has not started yet. */
export function syncWishlist(owner: number, token: string, options: SyncOptions): Promise<boolean> {
  if (waiting && waiting.owner === owner && waiting.token === token) {
    waiting.options.refresh ||= options.refresh;
    return waiting.promise;
  }
  const next = { owner, token, options: { ...options } };
  const promise = tail.then(() => {
    if (waiting?.promise === promise) waiting = null;
    return run(next.owner, next.token, next.options);
  });
  waiting = { ...next, promise };
  tail = promise.catch((err: unknown) => console.warn('Wishlist: sync stopped', err));
  return promise;
}
