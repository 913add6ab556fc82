/** Demo mode (`npm run demo`): the whole API answered inside the browser by a service worker. */
import { setupWorker } from 'msw/browser';
import { createDomSanitizer } from '../server/store/dom-sanitizer';
import { handlers } from './handlers';
import { configureMockSanitizer, mockBackend } from './mock-store';

export async function startDemoWorker(): Promise<void> {
  configureMockSanitizer(createDomSanitizer());
  const worker = setupWorker(...handlers);
  await worker.start({
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: '/mockServiceWorker.js' },
    quiet: true,
  });
  await mockBackend();
}
