import 'fake-indexeddb/auto';
import { act, configure, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogQuerySchema, runCatalogQuery } from '#contract/rules/catalog-query';
import { server } from '#mock-api/node';
import { syncCatalogue } from '#web/lib/catalogue-sync';
import { CatalogueDb, setCatalogueDb } from '#web/lib/db';
import { demoData } from '#web/test/catalog-store';
import { freshDbPerTest } from '#web/test/fresh-db';
import { renderWithApp } from '#web/test/render';
import { recordProductQueries } from '#web/test/requests';
import { OFFLINE_WAIT_MS } from '../api/offline-seeds';
import { ProductListPage } from './product-list-page';

/**
 * Issue 29 item 5: a listing opened offline waits a moment for its answers from the device's copy and renders
 * once with its cards, never first its loading state (offline-seeds.ts).
 */
configure({ asyncUtilTimeout: 5000 });
freshDbPerTest(CatalogueDb, setCatalogueDb);
const listCalls = recordProductQueries((query) => query.get('limit') === '12');

const LOADING = 'Loading products…';
/** Whether the loading state was ever on screen (observed on every change of the document). */
function watchLoading(): { seen: () => boolean; stop: () => void } {
  let seen = false;
  const check = () => {
    if (document.body.textContent?.includes(LOADING)) seen = true;
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return { seen: () => (check(), seen), stop: () => observer.disconnect() };
}

/** Inside a Suspense boundary, as the shop layout renders its screens. */
const page = (
  <Suspense fallback={<p>Opening…</p>}>
    <ProductListPage />
  </Suspense>
);
/** Rendered in an awaited act(): React then waits for what the screen suspends on, as it does outside tests. */
const open = (route: string) => act(async () => void renderWithApp(page, { route }));
const titles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

let onLine: ReturnType<typeof vi.spyOn> | null = null;
beforeEach(() => {
  onLine = null;
});
afterEach(() => onLine?.mockRestore());
const goOffline = () => (onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false));

describe('a listing opened offline', () => {
  it('renders once, with the cards of the local copy (never the loading state first)', async () => {
    const { products } = await demoData();
    await syncCatalogue({ pause: async () => undefined });
    goOffline();
    server.use(http.get('*/api/products', () => HttpResponse.error()));
    const loading = watchLoading();
    await open('/products?sort=price_asc');
    await waitFor(() => expect(screen.getByText(`${products.length} products found`)).toBeInTheDocument());
    loading.stop();
    expect(loading.seen()).toBe(false);
    const expected = runCatalogQuery(products, catalogQuerySchema.parse({ sort: 'price_asc', limit: '12' }));
    expect(titles()).toEqual(expected.items.map((p) => p.title));
    expect(listCalls).toHaveLength(0);
  });

  it('shows its loading state past the wait, and its query takes over the answer under way (asked once)', async () => {
    const { products } = await demoData();
    goOffline();
    // Nothing copied: the network is tried (navigator.onLine may be wrong), and answers late.
    server.use(
      http.get('*/api/products', async () => {
        await delay(OFFLINE_WAIT_MS + 400);
        return undefined; // the mock core answers
      }),
    );
    const loading = watchLoading();
    await open('/products');
    await waitFor(() => expect(screen.getAllByText(LOADING).length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.getByText(`${products.length} products found`)).toBeInTheDocument());
    loading.stop();
    expect(loading.seen()).toBe(true);
    expect(listCalls).toHaveLength(1);
  });

  it('online, shows its loading state first as before', async () => {
    const { products } = await demoData();
    await syncCatalogue({ pause: async () => undefined });
    const loading = watchLoading();
    await open('/products');
    await waitFor(() => expect(screen.getByText(`${products.length} products found`)).toBeInTheDocument());
    loading.stop();
    expect(loading.seen()).toBe(true);
    expect(listCalls).toHaveLength(1);
  });
});
