import { claimPlacedAnnouncements, onOutboxChange } from './outbox';
import type { SavedOrder } from './outbox-db';
import { sendSavedOrders, type SendReport } from './sender';

/**
 * The app's side of the outbox while it is open: it sends at start, when the network returns (`online`), when the
 * app becomes visible again, and after each back-off; and it announces each order the shop has accepted, here or
 * in another tab or the service worker, exactly once. The service worker's Background Sync covers a closed app.
 */
export const BUSY_RETRY_MS = 5_000;
const MIN_WAIT_MS = 1_000;

export interface OutboxDriverOptions {
  /** The signed-in account, whose accepted orders this tab announces. */
  userId: () => number | null;
  onPlaced: (orders: SavedOrder[]) => void;
  /** The shop refused a saved order's token (401): the shopper has to sign in again for it to go. */
  onNeedsSignIn?: (orders: SavedOrder[]) => void;
  send?: (force: boolean) => Promise<SendReport>;
  now?: () => number;
}

export function startOutboxDriver(options: OutboxDriverOptions): {
  stop: () => void;
  sendNow: () => Promise<void>;
} {
  const {
    userId,
    onPlaced,
    onNeedsSignIn,
    send = (force) => sendSavedOrders({ force }),
    now = Date.now,
  } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;

  const announce = async () => {
    const id = userId();
    // A stopped driver claims nothing: it would mark orders announced that no one is shown.
    if (id === null || stopped) return;
    const placed = await claimPlacedAnnouncements(id);
    if (placed.length > 0 && !stopped) onPlaced(placed);
  };

  const schedule = (at: number | null) => {
    clearTimeout(timer);
    timer = undefined;
    if (at === null || stopped) return;
    timer = setTimeout(() => void run(false), Math.max(MIN_WAIT_MS, at - now()));
  };

  // A forced send asked for while one is running (the network came back mid-send) runs right after it.
  let forceAfter = false;
  const run = (force: boolean): Promise<void> => {
    if (running) {
      forceAfter ||= force;
      return running;
    }
    running = (async () => {
      try {
        const report = await send(force);
        if (report.needsSignIn.length > 0) onNeedsSignIn?.(report.needsSignIn);
        schedule(report.busy ? now() + BUSY_RETRY_MS : report.nextAttemptAt);
      } catch (err) {
        console.warn('Saved orders: could not send', err);
        schedule(now() + BUSY_RETRY_MS);
      } finally {
        running = null;
      }
      await announce();
      if (forceAfter && !stopped) {
        forceAfter = false;
        await run(true);
      }
    })();
    return running;
  };

  const online = () => void run(true);
  const visible = () => {
    if (document.visibilityState === 'visible') void run(false);
  };
  // A change made elsewhere (a new saved order, another sender's result): announce, and send if nothing is planned.
  const offChange = onOutboxChange(() => {
    void announce();
    if (!running && timer === undefined) void run(false);
  });
  window.addEventListener('online', online);
  document.addEventListener('visibilitychange', visible);
  void run(false);

  return {
    sendNow: () => run(true),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      offChange();
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
    },
  };
}
