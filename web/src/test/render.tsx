import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router';
import { StoreProvider, createAppStore, type AppStore } from '#web/lib/jotai';

/** Shows the current location so tests can assert navigations: getByTestId('location'). */
export function LocationProbe() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname + l.search}</output>;
}

interface Options {
  /** A path, or { pathname, state } to arrive with router state (as <Navigate state> would). */
  route?: InitialEntry;
  path?: string;
  store?: AppStore;
  extraRoutes?: ReactNode;
}

/** Render a screen inside a fresh jotai store and a memory router at `route`. */
export function renderWithApp(ui: ReactElement, { route = '/', path = '*', store = createAppStore(), extraRoutes }: Options = {}) {
  const result = render(
    <StoreProvider store={store}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          {extraRoutes}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </StoreProvider>,
  );
  return { ...result, store };
}
