import { BrowserRouter } from 'react-router';
import { StoreProvider, createAppStore, type AppStore } from '../lib/jotai';
import { AppRoutes } from './routes';

export function App({ store = createAppStore() }: { store?: AppStore }) {
  return (
    <StoreProvider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StoreProvider>
  );
}
