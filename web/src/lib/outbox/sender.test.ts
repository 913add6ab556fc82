import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PlaceOrderBody } from '#contract/schemas/order';
import { server } from '#mock-api/node';
import { api } from '#web/lib/api-client';
import { savedOrderFor, freshOutboxDbPerTest } from '#web/test/outbox-kit';
import { signIn } from '#web/test/shop-session';
import { updateSavedOrder } from './outbox';
import {
  BUSY,
  FIRST_RETRY_MS,
  leaseLock,
  MAX_RETRY_MS,
  postSavedOrder,
  retryDelay,
  sendSavedOrders,
  webLock,
  type SenderLock,
} from './sender';

const db = freshOutboxDbPerTest();

/** An in-memory LockManager with ifAvailable, as the browser's Web Locks behave for one origin. */
function fakeLocks(): LockManager {
  const held = new Set<string>();
  const request = async (name: string, _opts: LockOptions, cb: (lock: Lock | null) => unknown) => {
    if (held.has(name)) return cb(null);
    held.add(name);
    try {
      return await cb({ name, mode: 'exclusive' });
    } finally {
      held.delete(name);
    }
  };
  return { request, query: async () => ({}) } as unknown as LockManager;
}
const solo: SenderLock = webLock(fakeLocks());

/** Saved at time 0, so due at once for any `now` a test gives the sender. */
const savedFor = (userId: number, token: string, key: string, body: Partial<PlaceOrderBody> = {}) =>
  savedOrderFor(userId, token, key, { body, savedAt: 0 });

const myOrders = (token: string) => api('myOrders', { token });

describe('sending saved orders', () => {
  it('places a waiting order once with its own key and token, and keeps the confirmed total', async () => {
    const { token, user } = await signIn();
    await savedFor(user.id, token, 'key-1');
    const before = (await myOrders(token)).length;

    const report = await sendSavedOrders({ lock: solo, now: () => 10 });
    expect(report.placed).toHaveLength(1);
    const saved = await db().orders.get('key-1');
    const orders = await myOrders(token);
    expect(orders).toHaveLength(before + 1);
    const placed = orders.find((o) => o.id === saved?.orderId);
    expect(saved).toMatchObject({ state: 'placed', placedAt: 10, confirmedTotal: placed?.total });

    expect((await sendSavedOrders({ lock: solo, force: true })).placed).toEqual([]);
    expect(await myOrders(token)).toHaveLength(before + 1);
  });

  it('makes one order when the answer was lost after the server took it', async () => {
    const { token, user } = await signIn();
    await savedFor(user.id, token, 'key-lost');
    const before = (await myOrders(token)).length;
    const lostAnswer: typeof postSavedOrder = async (order, t) => {
      await postSavedOrder(order, t);
      return { kind: 'offline' };
    };
    const first = await sendSavedOrders({ lock: solo, post: lostAnswer, now: () => 1_000 });
    expect(first.placed).toEqual([]);
    expect(first.nextAttemptAt).toBe(1_000 + FIRST_RETRY_MS);
    expect(await db().orders.get('key-lost')).toMatchObject({ state: 'waiting', attempts: 1 });

    const second = await sendSavedOrders({ lock: solo, now: () => 1_000 + FIRST_RETRY_MS });
    expect(second.placed).toHaveLength(1);
    expect(await myOrders(token)).toHaveLength(before + 1);
  });

  it('backs off from a few seconds to a minute while there is no network, trying no other order meanwhile', async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelay)).toEqual([
      2_000,
      4_000,
      8_000,
      16_000,
      32_000,
      60_000,
      60_000,
      MAX_RETRY_MS,
    ]);
    const { token, user } = await signIn();
    await savedFor(user.id, token, 'a');
    await savedFor(user.id, token, 'b');
    await updateSavedOrder('b', { savedAt: 5, nextAttemptAt: 5 });
    server.use(http.post('*/api/orders', () => HttpResponse.error()));
    const report = await sendSavedOrders({ lock: solo, now: () => 100 });
    expect(report.nextAttemptAt).toBe(100 + FIRST_RETRY_MS);
    expect(await db().orders.get('a')).toMatchObject({ attempts: 1, nextAttemptAt: 100 + FIRST_RETRY_MS });
    expect(await db().orders.get('b')).toMatchObject({ attempts: 0 });
    // Later: 'a' is not due yet and is left alone; 'b' is tried and backs off in turn.
    const next = await sendSavedOrders({ lock: solo, now: () => 101 });
    expect(await db().orders.get('a')).toMatchObject({ attempts: 1 });
    expect(await db().orders.get('b')).toMatchObject({ attempts: 1, nextAttemptAt: 101 + FIRST_RETRY_MS });
    expect(next.nextAttemptAt).toBe(100 + FIRST_RETRY_MS);
  });

  it('keeps trying later when the server is busy or failing', async () => {
    const { token, user } = await signIn();
    await savedFor(user.id, token, 'k');
    server.use(
      http.post('*/api/orders', () => HttpResponse.json({ message: 'busy', code: 'x' }, { status: 503 })),
    );
    await sendSavedOrders({ lock: solo, now: () => 0 });
    expect(await db().orders.get('k')).toMatchObject({ state: 'waiting', attempts: 1 });
  });

  it('marks an order the shop refuses with the server’s message', async () => {
    const { token, user } = await signIn();
    await savedFor(user.id, token, 'bad', {
      cart: [{ productId: 999_999, qty: 1, selectedSize: 'M', selectedColor: 'red' }],
    });
    const report = await sendSavedOrders({ lock: solo });
    expect(report.refused).toHaveLength(1);
    const saved = await db().orders.get('bad');
    expect(saved?.state).toBe('refused');
    expect(saved?.error?.status).toBeGreaterThanOrEqual(400);
    expect(saved?.error?.message).toMatch(/\w/);
  });

  it('keeps an order on a 401 and drops the spent token', async () => {
    const { user } = await signIn();
    await savedFor(user.id, 'not-a-real-token', 'k');
    const report = await sendSavedOrders({ lock: solo });
    expect(report.needsSignIn).toHaveLength(1);
    expect(await db().orders.get('k')).toMatchObject({
      state: 'needs-sign-in',
      token: null,
      spentToken: 'not-a-real-token',
    });
  });

  it('sends each account’s order with that account’s token only, and none without one', async () => {
    const shopper = await signIn();
    const admin = await signIn('admin');
    await savedFor(shopper.user.id, shopper.token, 'shopper');
    await savedFor(admin.user.id, admin.token, 'admin');
    await savedFor(shopper.user.id, shopper.token, 'signed-out');
    await updateSavedOrder('signed-out', { token: null });
    const seen: [string | null, string | null][] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST')
        seen.push([request.headers.get('Idempotency-Key'), request.headers.get('Authorization')]);
    });
    await sendSavedOrders({ lock: solo });
    server.events.removeAllListeners();
    expect(seen.sort()).toEqual([
      ['admin', `Bearer ${admin.token}`],
      ['shopper', `Bearer ${shopper.token}`],
    ]);
    expect(await db().orders.get('signed-out')).toMatchObject({ state: 'waiting' });
  });
});

describe('one sender at a time', () => {
  it('with Web Locks: a second sender is told busy and the order is placed once', async () => {
    const { token, user } = await signIn();
    await savedFor(user.id, token, 'k');
    const before = (await myOrders(token)).length;
    const lock = webLock(fakeLocks());
    const [a, b] = await Promise.all([sendSavedOrders({ lock }), sendSavedOrders({ lock })]);
    expect([a.busy, b.busy].sort()).toEqual([false, true]);
    expect(await myOrders(token)).toHaveLength(before + 1);
  });

  it('without Web Locks: a lease in the database does the same, and a dead holder’s lease runs out', async () => {
    let now = 0;
    const tabA = leaseLock(db(), 'tab-a', () => now);
    const tabB = leaseLock(db(), 'tab-b', () => now);
    let release!: () => void;
    const holding = tabA(() => new Promise<string>((r) => (release = () => r('a done'))));
    await new Promise((r) => setTimeout(r, 20));
    expect(await tabB(async () => 'b ran')).toBe(BUSY);
    release();
    expect(await holding).toBe('a done');
    expect(await tabB(async () => 'b ran')).toBe('b ran');

    // A holder that died without releasing: its lease expires.
    await db().leases.put({ key: 'sender', holder: 'dead-tab', until: 1_000 });
    expect(await tabA(async () => 'x')).toBe(BUSY);
    now = 1_001;
    expect(await tabA(async () => 'x')).toBe('x');
  });

  it('without Web Locks: two tabs sending at once place the order once', async () => {
    const { token, user } = await signIn();
    await savedFor(user.id, token, 'k');
    const before = (await myOrders(token)).length;
    const reports = await Promise.all([
      sendSavedOrders({ lock: leaseLock(db(), 'tab-a') }),
      sendSavedOrders({ lock: leaseLock(db(), 'tab-b') }),
    ]);
    expect(reports.filter((r) => r.placed.length === 1)).toHaveLength(1);
    expect(await myOrders(token)).toHaveLength(before + 1);
  });
});
