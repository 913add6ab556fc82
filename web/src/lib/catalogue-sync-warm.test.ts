import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { freshDbPerTest } from '#web/test/fresh-db';
import { syncCatalogue } from './catalogue-sync';
import { CatalogueDb, setCatalogueDb } from './db';

/** Issue 29: after a complete copy the offline listing's code is loaded with its index (not on the first listing). */
const offlineListing = vi.hoisted(() => ({ loaded: false }));
vi.mock('./local-catalogue', () => {
  offlineListing.loaded = true;
  return { localProductList: async () => undefined };
});

freshDbPerTest(CatalogueDb, setCatalogueDb);

describe('after a complete copy', () => {
  it('loads the offline listing with the listing index', async () => {
    expect(offlineListing.loaded).toBe(false);
    await syncCatalogue({ pause: async () => undefined, afterSync: async () => undefined });
    await vi.waitFor(() => expect(document.documentElement.dataset.offlineIndex).toBe('ready'), {
      timeout: 5000,
    });
    expect(offlineListing.loaded).toBe(true);
  });
});
