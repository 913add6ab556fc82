import { lazy, Suspense } from 'react';
import { ClientOnly } from '#web/components/client-only';

const PwaNotices = lazy(() => import('./pwa-notices').then((m) => ({ default: m.PwaNotices })));

/** The app's own notices (pwa-notices.tsx), once the page is the browser's: none of them is in a server's page. */
export function PwaStatus() {
  return (
    <ClientOnly>
      <Suspense fallback={null}>
        <PwaNotices />
      </Suspense>
    </ClientOnly>
  );
}
