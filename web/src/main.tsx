import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { listenForInstallPrompt, registerServiceWorker, unregisterPwaWorker } from './lib/pwa';
import './styles/base.css';

/**
 * Boot: in demo mode MSW answers the API inside the browser (and no PWA worker competes for the scope), and a
 * demo strip with the Offline mode switch sits above the shop (both lazy: out of the production bundle);
 * otherwise the real server does, and the built app registers the PWA service worker. Once the page has
 * loaded, the catalogue is copied to IndexedDB in the background (lazy chunk) for offline browsing.
 */
async function boot() {
  let demoBar: ReactNode = null;
  if (__DEMO__) {
    await unregisterPwaWorker().catch(() => undefined);
    const [{ startDemoWorker }, { DemoBar }] = await Promise.all([
      import('#mock-api/browser'),
      import('./app/demo/demo-bar'),
    ]);
    demoBar = <DemoBar network={await startDemoWorker()} />;
  } else {
    listenForInstallPrompt();
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      {demoBar}
      <App />
    </StrictMode>,
  );
  afterLoad(() => {
    if (!__DEMO__ && import.meta.env.PROD)
      registerServiceWorker().catch((err: unknown) => console.error('Service worker:', err));
    if (navigator.onLine) syncCatalogueLater();
    window.addEventListener('online', syncCatalogueLater);
  });
}

function syncCatalogueLater(): void {
  import('./lib/catalogue-sync')
    .then(({ syncIfStale }) => syncIfStale())
    .catch((err: unknown) => console.warn('Catalogue sync stopped:', err));
}

function afterLoad(run: () => void): void {
  const idle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(run, { timeout: 3000 })
      : setTimeout(run, 500);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

void boot();
