import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { freshDbPerTest } from '#web/test/fresh-db';
import { syncCatalogue } from './catalogue-sync';
import { CatalogueDb, setCatalogueDb } from './db';

/** Issue 29: after a complete copy the offline listing's code is loaded with its index (not on the first listing). */
const offlineListing = vi.hoisted(() => ({ loaded: false, warmed: [] as unknown[] }));
vi.mock('./local-catalogue', () => {
  offlineListing.loaded = true;
  return {
    localProductList: async () => undefined,
    warmPages: async (index: { rows: Map<number, unknown> }, queries: unknown[]) =>
      offlineListing.warmed.push({ rows: index.rows.size, queries }),
    filterWarmups: () => [{ category: 'one of each filter' }],
  };
});

freshDbPerTest(CatalogueDb, setCatalogueDb);

describe('after a complete copy', () => {
  it('loads the offline listing with the listing index, and decides the first listings on it', async () => {
    expect(offlineListing.loaded).toBe(false);
    const firstListings = [{ limit: 12, facets: '1' }, { limit: 5 }];
    const meta = await syncCatalogue({
      pause: async () => undefined,
      afterSync: async () => undefined,
      firstListings,
    });
    await vi.waitFor(() => expect(document.documentElement.dataset.offlineIndex).toBe('ready'), {
      timeout: 5000,
    });
    expect(offlineListing.loaded).toBe(true);
    // On the index of the whole copy, before the index is said to be ready: the first listings, then one
    // listing per kind of filter.
    expect(offlineListing.warmed).toEqual([
      { rows: meta.total, queries: firstListings },
      { rows: meta.total, queries: [{ category: 'one of each filter' }] },
    ]);
  });
});
