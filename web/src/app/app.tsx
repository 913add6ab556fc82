import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { StoreProvider, createAppStore, type AppStore } from '#web/lib/jotai';
import { SeedsContext, type Seeds } from '#web/lib/ssr-data';
import { RouteErrorBoundary } from './route-error-boundary';
import { AppRoutes } from './routes';

/**
 * Where the app lives on its host: `/`, or the sub-path a demo was built for (DEMO_BASE -> Vite's base). Without
 * the trailing slash, so both /threadline and /threadline/ are the home page.
 */
const BASENAME = import.meta.env.BASE_URL.replace(/\/+$/, '') || '/';

interface Props {
  store?: AppStore;
  /** A server-rendered page's answers (ssr-data.ts). */
  seeds?: Seeds | null;
  /** Inside the router, around the routes: a server-rendered page's HydrationParts (hydration.tsx). */
  around?: (routes: ReactNode) => ReactNode;
  /** The server's rendering puts the app in its StaticRouter; the browser's router otherwise. */
  router?: (body: ReactNode) => ReactNode;
}

/** The store and the first answers around the app: the browser's App and the server's rendering share it. */
export function AppProviders({
  store,
  seeds,
  children,
}: {
  store: AppStore;
  seeds: Seeds | null;
  children: ReactNode;
}) {
  return (
    <StoreProvider store={store}>
      <SeedsContext value={seeds}>{children}</SeedsContext>
    </StoreProvider>
  );
}

/** The routes inside whichever router: BrowserRouter in the browser, StaticRouter on the server. */
export function AppBody() {
  return (
    // Outer net: the shop layout has its own boundary around each screen, keeping header and footer.
    <RouteErrorBoundary>
      <AppRoutes />
    </RouteErrorBoundary>
  );
}

export function App({ store = createAppStore(), seeds = null, around, router }: Props) {
  const body = around ? around(<AppBody />) : <AppBody />;
  return (
    <AppProviders store={store} seeds={seeds}>
      {router ? router(body) : <BrowserRouter basename={BASENAME}>{body}</BrowserRouter>}
    </AppProviders>
  );
}
