/**
 * The demo's pretend network (its switch is web/src/app/demo/): while "offline", every API call MSW answers fails
 * the way a lost connection does (fetch rejects with a TypeError), and the window hears `offline`; back "online",
 * the answers return and the window hears `online`, which makes the outbox send the orders saved meanwhile.
 * navigator.onLine is left alone: the app learns of the outage from the failed calls and the events, as it does
 * on a dead Wi-Fi that the browser still calls online.
 * The switch's state is kept in the tab's session storage (issue 27), so a reload in Offline mode stays offline
 * (the window hears `offline` again at start) and a new tab starts online.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { API_BASE } from '#contract/endpoints';

export interface DemoNetwork {
  isOffline: () => boolean;
  setOffline: (offline: boolean) => void;
}

/** Where the switch's state is kept: `'1'` while offline, no entry while online. */
export const DEMO_OFFLINE_KEY = 'threadline-demo-offline';

type KeptSwitch = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function keptOffline(storage: KeptSwitch | undefined): boolean {
  try {
    return storage?.getItem(DEMO_OFFLINE_KEY) === '1';
  } catch {
    return false; // storage refused (privacy mode): start online
  }
}

function keep(storage: KeptSwitch | undefined, offline: boolean): void {
  try {
    if (offline) storage?.setItem(DEMO_OFFLINE_KEY, '1');
    else storage?.removeItem(DEMO_OFFLINE_KEY);
  } catch {
    // storage refused: the switch still works, it is just not kept across a reload
  }
}

/**
 * `events` hears `offline` / `online` on each change (the window in the demo); `storage` (the tab's session
 * storage in the demo) keeps the switch across a reload.
 */
export function createDemoNetwork(
  events: Pick<EventTarget, 'dispatchEvent'>,
  storage?: KeptSwitch,
): {
  network: DemoNetwork;
  /** Goes first among the handlers: while offline it answers every API call with a network error. */
  handler: HttpHandler;
} {
  let offline = keptOffline(storage);
  if (offline) events.dispatchEvent(new Event('offline'));
  const network: DemoNetwork = {
    isOffline: () => offline,
    setOffline(next) {
      if (next === offline) return;
      offline = next;
      keep(storage, next);
      events.dispatchEvent(new Event(next ? 'offline' : 'online'));
    },
  };
  // `*/api/*` also matches source files such as /src/features/catalog/api/x.ts in `npm run demo`: only paths
  // that start with /api/ are API calls; undefined hands the request on to the next handler.
  const handler = http.all(`*${API_BASE}/*`, ({ request }) =>
    offline && new URL(request.url).pathname.startsWith(`${API_BASE}/`) ? HttpResponse.error() : undefined,
  );
  return { network, handler };
}
