/**
 * The demo's pretend network (its switch is web/src/app/demo/): while "offline", every API call MSW answers fails
 * the way a lost connection does (fetch rejects with a TypeError), and the window hears `offline`; back "online",
 * the answers return and the window hears `online`, which makes the outbox send the orders saved meanwhile.
 * navigator.onLine is left alone: the app learns of the outage from the failed calls and the events, as it does
 * on a dead Wi-Fi that the browser still calls online.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { API_BASE } from '#contract/endpoints';

export interface DemoNetwork {
  isOffline: () => boolean;
  setOffline: (offline: boolean) => void;
}

/** `events` hears `offline` / `online` on each change (the window in the demo). */
export function createDemoNetwork(events: Pick<EventTarget, 'dispatchEvent'>): {
  network: DemoNetwork;
  /** Goes first among the handlers: while offline it answers every API call with a network error. */
  handler: HttpHandler;
} {
  let offline = false;
  const network: DemoNetwork = {
    isOffline: () => offline,
    setOffline(next) {
      if (next === offline) return;
      offline = next;
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
