import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { freshOutboxDbPerTest } from '#web/test/outbox-kit';
import { notifyOutboxChange, saveOrder, updateSavedOrder, type NewSavedOrder } from './outbox';
import type { SavedOrder } from './outbox-db';
import { BUSY_RETRY_MS, startOutboxDriver, type OutboxDriverOptions } from './outbox-driver';
import type { SendReport } from './sender';

let stops: (() => void)[] = [];
const db = freshOutboxDbPerTest(async () => {
  for (const stop of stops) stop();
  stops = [];
  vi.useRealTimers();
  vi.restoreAllMocks();
  // Let a send or an announcement still on its way settle before its database goes.
  await new Promise((r) => setTimeout(r, 20));
});

const report = (over: Partial<SendReport> = {}): SendReport => ({
  busy: false,
  placed: [],
  refused: [],
  needsSignIn: [],
  nextAttemptAt: null,
  ...over,
});

/** A send that answers the queued reports in turn (then "nothing waits"), recording each `force`. */
function fakeSend(...reports: Partial<SendReport>[]) {
  return vi.fn(async (_force: boolean) => report(reports.shift()));
}

function start(options: Partial<OutboxDriverOptions> & Pick<OutboxDriverOptions, 'send'>) {
  const driver = startOutboxDriver({ userId: () => null, onPlaced: () => {}, ...options });
  stops.push(driver.stop);
  return driver;
}

/** Lets the promises of a send (and a real IndexedDB's tasks) run, without moving the fake clock. */
const settle = () => new Promise((r) => setImmediate(r));

type FakeSend = Mock<(force: boolean) => Promise<SendReport>>;

/** The send has been called `times` times until just before `ms` from now, and once more at `ms`. */
async function expectSendAfter(send: FakeSend, ms: number, times: number) {
  await vi.advanceTimersByTimeAsync(ms - 1);
  expect(send).toHaveBeenCalledTimes(times);
  await vi.advanceTimersByTimeAsync(1);
  expect(send).toHaveBeenCalledTimes(times + 1);
}

/** Nothing more is planned: once the last send settles, two minutes pass and it is still `times` sends. */
async function expectNothingPlanned(send: FakeSend, times: number) {
  await settle();
  await vi.advanceTimersByTimeAsync(120_000);
  expect(send).toHaveBeenCalledTimes(times);
}

describe('the outbox driver’s timing', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 1_000_000 });
  });

  it('sends again, forced, when the network comes back during a send', async () => {
    let release!: () => void;
    const send = vi.fn(
      (_force: boolean) =>
        new Promise<SendReport>((r) => {
          release = () => r(report({ nextAttemptAt: Date.now() + 60_000 }));
        }),
    );
    start({ send });
    window.dispatchEvent(new Event('online'));
    expect(send).toHaveBeenCalledTimes(1);
    release();
    await settle();
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith(true);
  });

  it('sends at start, unforced', () => {
    const send = fakeSend();
    start({ send });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenLastCalledWith(false);
  });

  it('after a report with nextAttemptAt, waits until then and sends again', async () => {
    const send = fakeSend({ nextAttemptAt: Date.now() + 8_000 });
    start({ send });
    await settle();
    await expectSendAfter(send, 8_000, 1);
    expect(send).toHaveBeenLastCalledWith(false);
    // Nothing waits any more.
    await expectNothingPlanned(send, 2);
  });

  it('waits at least a second, even when the retry time has already passed', async () => {
    const send = fakeSend({ nextAttemptAt: Date.now() - 5_000 }, { nextAttemptAt: Date.now() });
    start({ send });
    await settle();
    await expectSendAfter(send, 1_000, 1);
    await settle();
    await expectSendAfter(send, 1_000, 2);
  });

  it('tries again after BUSY_RETRY_MS when another sender holds the outbox', async () => {
    const send = fakeSend({ busy: true });
    start({ send });
    await settle();
    await expectSendAfter(send, BUSY_RETRY_MS, 1);
  });

  it('tries again after BUSY_RETRY_MS when a send fails outright', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const send = vi
      .fn<(force: boolean) => Promise<SendReport>>()
      .mockRejectedValueOnce(new Error('IndexedDB broke'))
      .mockResolvedValue(report());
    start({ send });
    await settle();
    expect(console.warn).toHaveBeenCalledOnce();
    await expectSendAfter(send, BUSY_RETRY_MS, 1);
  });

  it('sends at once and forced when the network comes back, and keeps only the newer plan', async () => {
    const send = fakeSend({ nextAttemptAt: Date.now() + 60_000 }, { nextAttemptAt: null });
    start({ send });
    await settle();
    window.dispatchEvent(new Event('online'));
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith(true);
    // The forced send left nothing waiting: the minute-long wait planned before is dropped.
    await expectNothingPlanned(send, 2);
  });

  it('sends when the app becomes visible, not when it is hidden', async () => {
    const send = fakeSend();
    start({ send });
    await settle();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(send).toHaveBeenCalledTimes(1);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith(false);
  });

  it('sends on a change made elsewhere only when nothing is planned or running', async () => {
    let finish!: (r: SendReport) => void;
    const send = vi
      .fn<(force: boolean) => Promise<SendReport>>()
      .mockImplementationOnce(() => new Promise((r) => (finish = r)))
      .mockResolvedValueOnce(report())
      .mockResolvedValue(report());
    start({ send });
    // A send is running: a change (its own progress, or another tab's) starts no second one.
    notifyOutboxChange();
    expect(send).toHaveBeenCalledTimes(1);
    finish(report({ nextAttemptAt: Date.now() + 30_000 }));
    await settle();
    // A retry is planned: the change waits for it.
    notifyOutboxChange();
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(send).toHaveBeenCalledTimes(2);
    await settle();
    // Nothing planned: a new order saved in another tab is sent now.
    notifyOutboxChange();
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('stop() removes its listeners and its timer', async () => {
    const send = fakeSend({ nextAttemptAt: Date.now() + 3_000 });
    const driver = start({ send });
    await settle();
    driver.stop();
    window.dispatchEvent(new Event('online'));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    notifyOutboxChange();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports the orders that need a sign-in', async () => {
    const needing = { key: 'k' } as SavedOrder;
    const onNeedsSignIn = vi.fn();
    start({ send: fakeSend({ needsSignIn: [needing] }), onNeedsSignIn });
    await settle();
    expect(onNeedsSignIn).toHaveBeenCalledExactlyOnceWith([needing]);
  });
});

const saved = (key: string, userId: number): NewSavedOrder => ({
  key,
  userId,
  token: `token-${userId}`,
  body: {
    cart: [{ productId: 1, qty: 1, selectedSize: 'M', selectedColor: 'red' }],
    shipping_address: '{}',
    payment_method: 'cod',
  },
  lines: [],
  shownTotal: 10,
});

async function placed(key: string, userId: number, orderId: number) {
  await saveOrder(saved(key, userId));
  await updateSavedOrder(key, { state: 'placed', orderId, placedAt: Date.now() });
}

describe('the outbox driver’s announcements', () => {
  it('announces the current account’s placed orders once, and never another account’s', async () => {
    await placed('mine', 7, 41);
    await placed('theirs', 8, 42);
    const onPlaced = vi.fn();
    start({ send: fakeSend(), userId: () => 7, onPlaced });
    await vi.waitFor(() => expect(onPlaced).toHaveBeenCalledOnce());
    expect(onPlaced.mock.calls[0]![0]).toEqual([expect.objectContaining({ key: 'mine', orderId: 41 })]);

    // Later changes, sends and a second tab's driver announce it no more.
    notifyOutboxChange();
    const otherTab = vi.fn();
    start({ send: fakeSend(), userId: () => 7, onPlaced: otherTab });
    window.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 50));
    expect(onPlaced).toHaveBeenCalledOnce();
    expect(otherTab).not.toHaveBeenCalled();
    expect(await db().orders.get('theirs')).not.toHaveProperty('announced', true);
  });

  it('announces an order placed elsewhere (another tab, the service worker) when told of the change', async () => {
    await saveOrder(saved('k', 7));
    const onPlaced = vi.fn();
    start({ send: fakeSend({ nextAttemptAt: Date.now() + 60_000 }), userId: () => 7, onPlaced });
    await new Promise((r) => setTimeout(r, 20));
    expect(onPlaced).not.toHaveBeenCalled();
    await updateSavedOrder('k', { state: 'placed', orderId: 5, placedAt: Date.now() });
    await vi.waitFor(() => expect(onPlaced).toHaveBeenCalledOnce());
    expect(onPlaced.mock.calls[0]![0]).toEqual([expect.objectContaining({ key: 'k', orderId: 5 })]);
  });

  it('two tabs’ drivers announce an order placed by one of them exactly once between them', async () => {
    await placed('k', 7, 9);
    const tabA = vi.fn();
    const tabB = vi.fn();
    start({ send: fakeSend(), userId: () => 7, onPlaced: tabA });
    start({ send: fakeSend(), userId: () => 7, onPlaced: tabB });
    await vi.waitFor(() => expect(tabA.mock.calls.length + tabB.mock.calls.length).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(tabA.mock.calls.length + tabB.mock.calls.length).toBe(1);
  });

  it('announces nothing while signed out, and the order waits for its account', async () => {
    await placed('k', 7, 9);
    let user: number | null = null;
    const onPlaced = vi.fn();
    start({ send: fakeSend(), userId: () => user, onPlaced });
    await new Promise((r) => setTimeout(r, 50));
    expect(onPlaced).not.toHaveBeenCalled();
    user = 7;
    notifyOutboxChange();
    await vi.waitFor(() => expect(onPlaced).toHaveBeenCalledOnce());
  });

  it('a driver stopped while sending announces nothing and leaves the order to a running tab', async () => {
    await placed('k', 7, 9);
    let finish!: (r: SendReport) => void;
    const onPlaced = vi.fn();
    const driver = start({
      send: () => new Promise((r) => (finish = r)),
      userId: () => 7,
      onPlaced,
    });
    driver.stop();
    finish(report());
    await new Promise((r) => setTimeout(r, 50));
    expect(onPlaced).not.toHaveBeenCalled();
    expect(await db().orders.get('k')).not.toHaveProperty('announced', true);
  });
});
