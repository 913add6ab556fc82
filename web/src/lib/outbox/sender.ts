import { api, ApiError } from '../api-client';
import { prunePlaced, notifyOutboxChange } from './outbox';
import { outboxDb, type OutboxDb, type SavedOrder } from './outbox-db';

/**
 * Sends the saved orders, one sender at a time across the tabs and the service worker, each always with its own
 * Idempotency-Key and its own account's token: a flapping network, two tabs or a retry after a lost answer reach
 * the server as the same request, and the server answers the first order again instead of making a second.
 *
 * The lock is a Web Lock where the browser has them (released by the browser if the holder dies); elsewhere a
 * lease row in the outbox database, claimed in a transaction and renewed before each request.
 */
export const SENDER_LOCK = 'threadline-outbox-sender';
export const SEND_TIMEOUT_MS = 20_000;
export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 60_000;
const LEASE_MS = SEND_TIMEOUT_MS * 2;

/** 2 s, 4 s, 8 s … up to a minute between tries of one order. */
export function retryDelay(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export type SendOutcome =
  | { kind: 'placed'; orderId: number; total: number | undefined }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'unauthorized' }
  /** The server answered but could not take it now (429, 5xx) or the answer made no sense: try later. */
  | { kind: 'retry' }
  /** No answer at all (no network, or it was lost on the way back): try later with the same key. */
  | { kind: 'offline' };

export const REFUSED_FALLBACK = 'The shop could not accept this order.';

export async function postSavedOrder(order: SavedOrder, token: string): Promise<SendOutcome> {
  let orderId: number;
  try {
    const signal = AbortSignal.timeout(SEND_TIMEOUT_MS);
    ({ orderId } = await api('placeOrder', {
      body: order.body,
      headers: { 'Idempotency-Key': order.key },
      token,
      signal,
    }));
  } catch (err) {
    if (!(err instanceof ApiError))
      return err instanceof TypeError || isAbort(err) ? { kind: 'offline' } : { kind: 'retry' };
    if (err.status === 401) return { kind: 'unauthorized' };
    if (err.status === 408 || err.status === 429 || err.status >= 500) return { kind: 'retry' };
    return { kind: 'refused', status: err.status, message: err.serverMessage ?? REFUSED_FALLBACK };
  }
  // The confirmed total is a nicety: the order is placed whether or not this second call gets through.
  const total = await api('getOrder', { params: { id: orderId }, token }).then(
    (o) => o.total,
    () => undefined,
  );
  return { kind: 'placed', orderId, total };
}

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && (err.name === 'AbortError' || err.name === 'TimeoutError');
}

export const BUSY = Symbol('busy');
/** Runs the job alone, or answers BUSY at once when another sender holds the outbox. `renew` keeps the hold. */
export type SenderLock = <T>(job: (renew: () => Promise<void>) => Promise<T>) => Promise<T | typeof BUSY>;

export function webLock(locks: LockManager): SenderLock {
  return (job) =>
    locks.request(SENDER_LOCK, { ifAvailable: true }, (lock) => (lock ? job(async () => {}) : BUSY));
}

export function leaseLock(db: OutboxDb, holder: string, now: () => number = Date.now): SenderLock {
  const claim = () =>
    db.transaction('rw', db.leases, async () => {
      const lease = await db.leases.get('sender');
      if (lease && lease.holder !== holder && lease.until > now()) return false;
      await db.leases.put({ key: 'sender', holder, until: now() + LEASE_MS });
      return true;
    });
  return async (job) => {
    if (!(await claim())) return BUSY;
    try {
      return await job(async () => {
        await claim();
      });
    } finally {
      await db.transaction('rw', db.leases, async () => {
        if ((await db.leases.get('sender'))?.holder === holder) await db.leases.delete('sender');
      });
    }
  };
}

function defaultLock(): SenderLock {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // A holder name only has to differ between tabs (randomUUID needs a secure context, this path may not have one).
  return locks
    ? webLock(locks)
    : leaseLock(outboxDb(), `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`);
}

export interface SendOptions {
  now?: () => number;
  /** Send every waiting order now, ignoring its retry time (the network just came back). */
  force?: boolean;
  post?: typeof postSavedOrder;
  lock?: SenderLock;
}

export interface SendReport {
  /** Another sender held the outbox; it reports its own results through the outbox's change events. */
  busy: boolean;
  placed: SavedOrder[];
  refused: SavedOrder[];
  needsSignIn: SavedOrder[];
  /** When the earliest order still waiting may be tried again, or null when none waits. */
  nextAttemptAt: number | null;
}

export async function sendSavedOrders(options: SendOptions = {}): Promise<SendReport> {
  const { now = Date.now, force = false, post = postSavedOrder, lock = defaultLock() } = options;
  const report: SendReport = { busy: false, placed: [], refused: [], needsSignIn: [], nextAttemptAt: null };
  const later = (at: number) => {
    report.nextAttemptAt = report.nextAttemptAt === null ? at : Math.min(report.nextAttemptAt, at);
  };
  const db = outboxDb();
  const outcome = await lock(async (renew) => {
    // Read inside the lock: an order another sender has just placed is already marked so, and is skipped.
    const waiting = (await db.orders.toArray())
      .filter((o) => o.state === 'waiting' && o.token !== null)
      .sort((a, b) => a.savedAt - b.savedAt);
    let offline = false;
    for (const order of waiting) {
      // With no network the next order would fail the same way: it keeps its own retry time.
      if (offline) continue;
      if (!force && order.nextAttemptAt > now()) {
        later(order.nextAttemptAt);
        continue;
      }
      await renew();
      const result = await post(order, order.token!);
      const change = applyOutcome(order, result, now());
      await db.orders.update(order.key, change);
      const updated = { ...order, ...change };
      if (updated.state === 'placed') report.placed.push(updated);
      else if (updated.state === 'refused') report.refused.push(updated);
      else if (updated.state === 'needs-sign-in') report.needsSignIn.push(updated);
      else later(updated.nextAttemptAt);
      if (result.kind === 'offline') offline = true;
      notifyOutboxChange();
    }
    await prunePlaced(now());
  });
  if (outcome === BUSY) report.busy = true;
  return report;
}

function applyOutcome(order: SavedOrder, result: SendOutcome, at: number): Partial<SavedOrder> {
  switch (result.kind) {
    case 'placed':
      return {
        state: 'placed',
        orderId: result.orderId,
        confirmedTotal: result.total,
        placedAt: at,
        error: undefined,
      };
    case 'refused':
      return { state: 'refused', error: { status: result.status, message: result.message } };
    case 'unauthorized':
      // Kept; the token is spent. The same account's next sign-in gives it a new one (adoptToken).
      return { state: 'needs-sign-in', token: null, spentToken: order.token ?? undefined };
    case 'retry':
    case 'offline': {
      const attempts = order.attempts + 1;
      return { attempts, nextAttemptAt: at + retryDelay(attempts) };
    }
  }
}
