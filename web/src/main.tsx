import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { listenForInstallPrompt, registerServiceWorker, unregisterPwaWorker } from './lib/pwa';
import { readCookie } from './lib/cookies';
import { TOKEN_KEY } from './lib/api-client';
import { USER_KEY } from './lib/session/auth-atoms';
import { CART_COOKIE } from './lib/session/cart-atoms';
import { SHIPPING_COOKIE } from './lib/session/shipping-atoms';
import { loadStoredParsers } from './lib/session/stored-parsers';
import { DEFAULT_SLIDES } from './features/catalog/components/default-slides';
import { heroImage } from './features/catalog/components/hero-image';
import { afterFirstScreen, firstScreenDone, loadedAndIdle } from './lib/first-screen';
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
    preloadHomeHero();
  }
  if (hasStoredState()) await loadStoredParsers();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  // A transition: the first render is time-sliced (yields to the browser every few ms) instead of one long task.
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        {demoBar}
        <App />
      </StrictMode>,
    );
  });
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

/**
 * The LCP image of `/` is the first hero slide (an <img> of the lazy home chunk): its fetch starts now
 * instead of after that chunk, with the <img>'s own srcset and sizes so both pick the same width.
 */
function preloadHomeHero(): void {
  const hero = DEFAULT_SLIDES[0]?.image;
  if (location.pathname !== '/' || !hero) return;
  const { src, srcSet, sizes } = heroImage(hero);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  if (srcSet && sizes) {
    link.imageSrcset = srcSet;
    link.imageSizes = sizes;
  }
  link.href = src;
  link.fetchPriority = 'high';
  document.head.append(link);
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
  import('./lib/catalogue-sync')
    .then(({ syncIfStale }) => syncIfStale())
    .catch((err: unknown) => console.warn('Catalogue sync stopped:', err));
}

void boot();
