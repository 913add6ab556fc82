import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppStore } from './lib/jotai';
import { hydratingAtom } from './lib/session/auth-atoms';
import { SSR_DATA_ID } from './lib/ssr-data';
import { primeCategoriesAtom } from './features/catalog/atoms';
import { listenForInstallPrompt, registerServiceWorker, unregisterPwaWorker } from './lib/pwa';
import { readCookie } from './lib/cookies';
import { TOKEN_KEY } from './lib/api-client';
import { USER_KEY } from './lib/session/auth-atoms';
import { CART_COOKIE } from './lib/session/cart-atoms';
import { SHIPPING_COOKIE } from './lib/session/shipping-atoms';
import { loadStoredParsers } from './lib/session/stored-parsers';
import { afterFirstScreen, firstScreenDone, loadedAndIdle } from './lib/first-screen';
import { holdEarlyTaps, markHydrated } from './lib/hydrated-mark';
import { holdPicturesForMainOnes } from './lib/main-pictures';
import './styles/base.css';

/**
 * Boot: in demo mode MSW answers the API inside the browser (and no PWA worker competes for the scope), and a
 * demo strip with the Offline mode switch sits above the shop (both lazy: out of the production bundle);
 * otherwise the real server does, and the built app registers the PWA service worker. Once the first screen
 * is in, the catalogue is copied to IndexedDB in the background (lazy chunk) for offline browsing.
 * A returning visitor's kept state (user, cart, shipping address) is checked with the contract's schemas,
 * a lazy chunk awaited before the first render only when there is such state (a first visit needs no zod).
 */
async function boot() {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  const served = root.hasChildNodes() && document.getElementById(SSR_DATA_ID) !== null;
  if (served) holdEarlyTaps();
  let demoBar: ReactNode = null;
  if (__DEMO__) {
    await unregisterPwaWorker().catch(() => undefined);
    const [{ startDemoWorker }, { getMockToken }, { DemoBar }] = await Promise.all([
      import('#mock-api/browser'),
      import('#mock-api/mock-store'),
      import('./app/demo/demo-bar'),
    ]);
    demoBar = <DemoBar network={await startDemoWorker()} adminToken={() => getMockToken('admin')} />;
  } else {
    listenForInstallPrompt();
  }
  if (hasStoredState()) await loadStoredParsers();
  // A server-rendered page (issue 28) is hydrated with the answers it was made from; anything else (the demo,
  // the offline shell, the client-rendered screens) is rendered here.
  const store = createAppStore();
  if (served) {
    const { HydrationParts, islandSeeds, keepIsland, readSsrPayload } = await import('./app/hydration');
    const payload = readSsrPayload();
    if (payload) {
      const seeds = islandSeeds(payload);
      store.set(hydratingAtom, true);
      store.set(primeCategoriesAtom, payload.categories);
      void holdPicturesForMainOnes();
      hydrateRoot(
        root,
        <StrictMode>
          {demoBar}
          <App
            store={store}
            seeds={seeds}
            around={(routes) => <HydrationParts seeds={seeds}>{routes}</HydrationParts>}
          />
        </StrictMode>,
      );
      keepIsland(payload);
      afterBoot();
      return;
    }
  }
  // (A payload that cannot be read: the page renders here; taps held meanwhile end with its first render.)
  // A transition: the first render is time-sliced (yields to the browser every few ms) instead of one long task.
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        {demoBar}
        <App store={store} />
        <Rendered />
      </StrictMode>,
    ),
  );
  afterBoot();
}

/** A client-rendered page can be used from its first render on (hydrated-mark.ts). */
function Rendered() {
  useEffect(markHydrated, []);
  return null;
}

function afterBoot(): void {
  afterFirstScreen(() => {
    if (!__DEMO__ && import.meta.env.PROD)
      registerServiceWorker().catch((err: unknown) => console.error('Service worker:', err));
    window.addEventListener('online', syncCatalogueLater);
  });
  // The catalogue copy runs in a worker (issue 29: no main-thread cost), so it need not wait for the whole
  // first-screen gate: once the page has loaded and is idle (the demo's copy runs in the page: it waits).
  void (__DEMO__ ? firstScreenDone() : loadedAndIdle()).then(() => {
    if (navigator.onLine) syncCatalogueLater();
  });
}

function hasStoredState(): boolean {
  try {
    if (localStorage.getItem(TOKEN_KEY) && localStorage.getItem(USER_KEY)) return true;
  } catch {
    // no storage: nothing kept there
  }
  return readCookie(CART_COOKIE) !== null || readCookie(SHIPPING_COOKIE) !== null;
}

function syncCatalogueLater(): void {
  import('./app/catalogue-sync-start')
    .then(({ startCatalogueSync }) => startCatalogueSync())
    .catch((err: unknown) => console.warn('Catalogue sync stopped:', err));
}

void boot();
