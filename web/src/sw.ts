import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { pictureFallbacks } from './lib/picture-fallback';
import { IMAGE_CACHE, IMAGE_CACHE_LIMITS } from './lib/pwa-caches';
import { OUTBOX_SYNC_TAG } from './lib/outbox/outbox';
import { sendSavedOrders } from './lib/outbox/sender';
import { createNavigationHandler, NAVIGATION_DENYLIST } from './lib/sw-navigation';

/**
 * The service worker (vite-plugin-pwa injectManifest; why each rule is there: pwa.config.ts).
 * - Precaches the app shell. Navigations go to the network first (the server's own page, with its head and
 *   JSON-LD) and fall back to the shell after NAVIGATION_TIMEOUT_MS, offline, on a server error or when the page
 *   is of another build (lib/sw-navigation.ts). Never for /api, /uploads, robots.txt or the sitemaps: those are
 *   not pages of the app and must reach the server as themselves.
 * - Caches /uploads pictures cache-first, bounded by count and age. Offline, a picture it has not cached is
 *   answered with another cached width of it (lib/picture-fallback.ts): the catalogue sync keeps the 320 px
 *   widths of the likeliest pictures (lib/picture-warmup.ts), while a srcset may ask for 640 or 960.
 * - Sends the saved orders on Background Sync (Chromium browsers), so an order saved offline leaves even when the
 *   app is closed; the same sender as the open app's, under the same lock (web/src/lib/outbox/sender.ts).
 * - Waits for the shopper's Reload before taking over (SKIP_WAITING message), and claims the first page.
 * The DOM lib's types are the program's, so the worker's few globals are declared here.
 */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
interface WorkerScope {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}
declare const self: WorkerScope;

/** When the network fails and the picture is not cached: the nearest width that is, else the strategy's error. */
const otherWidthWhenOffline: WorkboxPlugin = {
  handlerDidError: async ({ request }) => {
    const cache = await caches.open(IMAGE_CACHE);
    for (const url of pictureFallbacks(request.url)) {
      const hit = await cache.match(url);
      if (hit) return hit;
    }
    return undefined;
  },
};

cleanupOutdatedCaches();
// No directory index: `/` is a page like any other (network first below), not the precached index.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
const answerNavigation = createNavigationHandler({
  fetch: (request) => fetch(request),
  shell: () => matchPrecache('index.html'),
});
registerRoute(
  new NavigationRoute(({ request }) => answerNavigation(request), { denylist: NAVIGATION_DENYLIST }),
);
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/uploads/'),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ ...IMAGE_CACHE_LIMITS, purgeOnQuotaError: true }),
      otherWidthWhenOffline,
    ],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

self.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    sendSavedOrders().then((report) => {
      // Rejecting asks the browser to fire the sync again later (it backs off on its own).
      if (report.busy || report.nextAttemptAt !== null) throw new Error('Saved orders still waiting');
    }),
  );
});
