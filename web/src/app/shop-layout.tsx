import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ScrollToTop } from './scroll-to-top';
import { PageFallback } from './page-fallback';

/** One header and footer around all pages. Placeholder shell: the storefront issue builds the real one. */
export function ShopLayout() {
  return (
    <>
      <ScrollToTop />
      <header><a href="/">Threadline</a></header>
      <main id="main">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <footer>© {new Date().getFullYear()} Threadline</footer>
    </>
  );
}
