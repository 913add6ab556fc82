import { BrowserRouter } from 'react-router';
import { StoreProvider, createAppStore, type AppStore } from '#web/lib/jotai';
import { RouteErrorBoundary } from './route-error-boundary';
import { AppRoutes } from './routes';

/**
 * Where the app lives on its host: `/`, or the sub-path a demo was built for (DEMO_BASE -> Vite's base). Without
 * the trailing slash, so both /threadline and /threadline/ are the home page.
 */
const BASENAME = import.meta.env.BASE_URL.replace(/\/+$/, '') || '/';

export function App({ store = createAppStore() }: { store?: AppStore }) {
  return (
    <StoreProvider store={store}>
      <BrowserRouter basename={BASENAME}>
        {/* Outer net: the shop layout has its own boundary around each screen, keeping header and footer. */}
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </BrowserRouter>
    </StoreProvider>
  );
}
