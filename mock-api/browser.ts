/**
 * Demo mode (`npm run demo`): the whole API answered inside the browser by a service worker. The
 * backend's data is saved in IndexedDB (demo-backend.ts), so a reload keeps sessions, accounts, orders
 * and catalogue edits; `?reset-demo` in the address (or resetDemo()) brings back the seeded demo.
 *
 * The demo may live under a sub-path (import.meta.env.BASE_URL, from DEMO_BASE at build time): the worker script
 * is <base>mockServiceWorker.js with that scope, and demo-pictures.ts finds the pictures under it. The returned
 * DemoNetwork is the demo's offline switch (demo-network.ts).
 */
import { setupWorker } from 'msw/browser';
import { createDomSanitizer } from '#server/store/dom-sanitizer';
import { openDemoBackend, resetDemoBackend } from './demo-backend';
import { createDemoNetwork, type DemoNetwork } from './demo-network';
import { demoPictures } from './demo-pictures';
import { handlers } from './handlers';
import { configureMockSanitizer, installMockBackend, mockBackend } from './mock-store';

export const RESET_PARAM = 'reset-demo';

// Every tab runs its own backend over the one database. A tab that saved a change tells the others,
// which reload the saved demo before answering again instead of overwriting that change with an
// older copy (a burst of changes costs one reload in flight plus one after it).
const tabs = typeof BroadcastChannel === 'function' ? new BroadcastChannel('threadline-demo') : undefined;
const options = { onSaved: () => tabs?.postMessage('saved') };
let reloading: Promise<unknown> | undefined;
let reloadAgain = false;

function reloadFromOtherTab(): void {
  if (reloading) {
    reloadAgain = true;
    return;
  }
  const next = openDemoBackend(options);
  installMockBackend(next);
  const done = () => {
    reloading = undefined;
    if (reloadAgain) {
      reloadAgain = false;
      reloadFromOtherTab();
    }
  };
  reloading = next.then(done, done);
}
if (tabs) tabs.onmessage = reloadFromOtherTab;

// The web app's sign-in (spec section 4: `token` and `user` in local storage) points at sessions and
// users that a reset deletes, so the reset signs the browser out too.
const SIGN_IN_KEYS = ['token', 'user'];

/** Back to the seeded demo data, signed out. Reload the page afterwards to show it. */
export async function resetDemo(): Promise<void> {
  for (const key of SIGN_IN_KEYS) localStorage.removeItem(key);
  installMockBackend(resetDemoBackend(options));
  await mockBackend();
}

async function takeResetParam(): Promise<boolean> {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(RESET_PARAM)) return false;
  url.searchParams.delete(RESET_PARAM);
  window.history.replaceState(window.history.state, '', url);
  await resetDemo();
  return true;
}

/** The tab's session storage, or none where the browser refuses it. */
function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export async function startDemoWorker(): Promise<DemoNetwork> {
  configureMockSanitizer(createDomSanitizer());
  if (!(await takeResetParam())) installMockBackend(openDemoBackend(options));
  const base = import.meta.env.BASE_URL;
  const { network, handler: offline } = createDemoNetwork(window, tabStorage());
  const worker = setupWorker(offline, demoPictures(base), ...handlers);
  await worker.start({
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: `${base}mockServiceWorker.js`, options: { scope: base } },
    quiet: true,
  });
  await mockBackend();
  return network;
}
