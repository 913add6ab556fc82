import { lazy, Suspense, use } from 'react';
import { AfterScreenContext } from '#web/lib/ssr-data';
import { Outlet } from 'react-router';
import { ScrollToTop } from './scroll-to-top';
import { PageFallback } from './page-fallback';
import { PwaStatus } from './pwa/pwa-status';
import { RouteErrorBoundary } from './route-error-boundary';
import { Header } from './shell/header';
import { Footer } from './shell/footer';
import styles from './shop-layout.module.css';

/**
 * The toasts' live region (issue 27), in its own chunk: a toast only ever follows something the shopper did,
 * long after this has loaded, and the first load stays within its budget.
 */
const ToastRegion = lazy(() => import('#web/components/toast').then((m) => ({ default: m.ToastRegion })));

/** One header and footer around all pages (spec section 2). */
export function ShopLayout() {
  return (
    <div className={styles.page}>
      <ScrollToTop />
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <Header />
      <PwaStatus />
      <main id="main" className={styles.main} tabIndex={-1}>
        <RouteErrorBoundary>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
            {use(AfterScreenContext)}
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <Suspense fallback={null}>
        <ToastRegion />
      </Suspense>
    </div>
  );
}
