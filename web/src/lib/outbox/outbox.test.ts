import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { CartLine } from '#contract/schemas/cart';
import {
  adoptToken,
  claimPlacedAnnouncements,
  discardSavedOrder,
  forgetTokens,
  KEEP_PLACED_MS,
  onOutboxChange,
  prunePlaced,
  saveOrder,
  savedOrdersOf,
  takeBackSavedOrder,
  updateSavedOrder,
  type NewSavedOrder,
} from './outbox';
import { freshOutboxDbPerTest } from '#web/test/outbox-kit';

const db = freshOutboxDbPerTest();

const line: CartLine = {
  productId: 3,
  qty: 2,
  price: 25,
  title: 'Linen shirt',
  image: '/uploads/x.webp',
  selectedSize: 'M',
  selectedColor: 'navy',
  sizeId: null,
};
const order = (over: Partial<NewSavedOrder> = {}): NewSavedOrder => ({
  key: `key-${Math.random()}`,
  userId: 7,
  token: 'token-7',
  body: {
    cart: [{ productId: 3, qty: 2, selectedSize: 'M', selectedColor: 'navy' }],
    shipping_address: '{}',
    payment_method: 'cod',
  },
  lines: [line],
  shownTotal: 70,
  ...over,
});

describe('the outbox store', () => {
  it('keeps a saved order with everything it will be sent with, waiting, and lists an account’s orders newest first', async () => {
    const first = await saveOrder(order({ key: 'a' }), 1_000);
    await saveOrder(order({ key: 'b' }), 2_000);
    await saveOrder(order({ key: 'c', userId: 8, token: 'token-8' }), 3_000);
    expect(first).toMatchObject({
      key: 'a',
      state: 'waiting',
      attempts: 0,
      nextAttemptAt: 1_000,
      savedAt: 1_000,
    });
    const mine = await savedOrdersOf(7);
    expect(mine.map((o) => o.key)).toEqual(['b', 'a']);
    expect(mine[1]).toMatchObject({ token: 'token-7', lines: [line], shownTotal: 70, body: order().body });
  });

  it('tells listeners about every change', async () => {
    const seen = vi.fn();
    const off = onOutboxChange(seen);
    await saveOrder(order({ key: 'a' }));
    await updateSavedOrder('a', { attempts: 1 });
    await discardSavedOrder('a');
    off();
    await saveOrder(order({ key: 'b' }));
    expect(seen).toHaveBeenCalledTimes(3);
  });

  it('gives back the lines of a refused order once, and never of one still waiting', async () => {
    await saveOrder(order({ key: 'w' }));
    await saveOrder(order({ key: 'r' }));
    await updateSavedOrder('r', { state: 'refused', error: { status: 400, message: 'gone' } });
    expect(await takeBackSavedOrder('w')).toBeNull();
    expect(await takeBackSavedOrder('r')).toEqual([line]);
    expect(await takeBackSavedOrder('r')).toBeNull();
    expect((await savedOrdersOf(7)).map((o) => o.key)).toEqual(['w']);
  });

  it('gives a new token only to the same account’s orders, and a sign-in makes a 401’d order wait again', async () => {
    await saveOrder(order({ key: 'mine' }));
    await saveOrder(order({ key: 'theirs', userId: 8, token: 'token-8' }));
    await updateSavedOrder('mine', {
      state: 'needs-sign-in',
      token: null,
      spentToken: 'token-7',
      attempts: 4,
    });
    // Still signed in with the token the server refused: nothing changes, the order waits for a real sign-in.
    expect(await adoptToken(7, 'token-7')).toBe(0);
    expect(await db().orders.get('mine')).toMatchObject({ state: 'needs-sign-in', token: null });
    expect(await adoptToken(7, 'fresh-7')).toBe(1);
    expect(await db().orders.get('mine')).toMatchObject({ token: 'fresh-7', state: 'waiting', attempts: 0 });
    expect(await db().orders.get('theirs')).toMatchObject({ token: 'token-8' });
  });

  it('drops an account’s tokens on sign-out and keeps the orders', async () => {
    await saveOrder(order({ key: 'mine' }));
    await saveOrder(order({ key: 'theirs', userId: 8, token: 'token-8' }));
    await forgetTokens(7);
    expect(await db().orders.get('mine')).toMatchObject({ token: null, state: 'waiting' });
    expect(await db().orders.get('theirs')).toMatchObject({ token: 'token-8' });
  });

  it('lets exactly one caller announce each placed order', async () => {
    await saveOrder(order({ key: 'p' }));
    await updateSavedOrder('p', { state: 'placed', orderId: 12, placedAt: 5 });
    const [a, b] = await Promise.all([claimPlacedAnnouncements(7), claimPlacedAnnouncements(7)]);
    expect([...(a ?? []), ...(b ?? [])].map((o) => o.orderId)).toEqual([12]);
    expect(await claimPlacedAnnouncements(7)).toEqual([]);
  });

  it('forgets placed orders after the keeping time, and nothing else', async () => {
    await saveOrder(order({ key: 'old' }));
    await saveOrder(order({ key: 'new' }));
    await saveOrder(order({ key: 'waiting' }));
    await updateSavedOrder('old', { state: 'placed', orderId: 1, placedAt: 1_000 });
    await updateSavedOrder('new', { state: 'placed', orderId: 2, placedAt: 1_000 + KEEP_PLACED_MS });
    await prunePlaced(2_000 + KEEP_PLACED_MS);
    expect((await db().orders.toArray()).map((o) => o.key).sort()).toEqual(['new', 'waiting']);
  });
});
