import { BrowserRouter } from 'react-router';
import { StoreProvider, createAppStore, type AppStore } from '#web/lib/jotai';
import { RouteErrorBoundary } from './route-error-boundary';
import { AppRoutes } from './routes';

export function App({ store = createAppStore() }: { store?: AppStore }) {
  return (
    <StoreProvider store={store}>
      <BrowserRouter>
        {/* Outer net: the shop layout has its own boundary around each screen, keeping header and footer. */}
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </BrowserRouter>
    </StoreProvider>
  );
}
