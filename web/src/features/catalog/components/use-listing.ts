import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Sort } from '#contract/rules/catalog-query';
import { useProductQuery } from '../api/use-product-query';
import { totalPages } from '../listing-rules';
import {
  changeListing,
  DEFAULT_LISTING,
  listingSearch,
  listingUrl,
  parseListing,
  productQuery,
  type ListingState,
} from '../listing-url';

/**
 * The listing's filter state (spec section 4, issue 27). All of it (category, search, collection, sort, price cap
 * and page) lives in the URL (listing-url.ts), so Back, a reload and a shared link show the same list; each
 * change the shopper makes is a new history entry (push), and any filter change starts again at page 1. A URL
 * that is not canonical (an old `search=`, a bad sort, `page=1`) is rewritten in place (replace), as is a page
 * past the last one. Only the slider's unapplied position and the drawer are screen state.
 */
export function useListing() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const state = parseListing(search);
  const canonical = listingSearch(state);

  // The slider's unapplied position; null means it shows the applied cap, or the highest price when none.
  // A new URL (Back, a link) drops it, so the slider shows what that list applies.
  const [draft, setDraft] = useState<{ value: number; search: string } | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const { data, loading, error, refresh } = useProductQuery(productQuery(state));
  const ceiling = data.maxPrice;
  const pending = draft?.search === search ? draft.value : null;
  const slider = Math.min(pending ?? (state.maxPrice > 0 ? state.maxPrice : ceiling), ceiling);

  const go = (next: ListingState) => navigate(listingUrl(next));
  const change = (edit: Partial<ListingState>) => go(changeListing(state, edit));

  // Past the last page (a stale link, a shrunk catalogue): show the last page instead of an empty one.
  const lastPage = loading || error || data.total === 0 ? state.page : totalPages(data.total);
  const fixed = state.page > lastPage ? listingSearch({ ...state, page: lastPage }) : canonical;
  useEffect(() => {
    if (fixed !== search) navigate({ pathname: '/products', search: fixed }, { replace: true });
  }, [fixed, search, navigate]);

  return {
    ...state,
    slider,
    ceiling,
    data,
    loading,
    /** The load failed (a 5xx, a timeout) and no saved copy could answer: not the same as no products. */
    failed: !loading && error !== null,
    retry: refresh,
    drawerOpen,
    setDrawerOpen,
    setSlider: (value: number) => setDraft({ value, search }),
    setPage: (page: number) => go({ ...state, page }),
    setSort: (sort: Sort) => change({ sort }),
    chooseCategory: (slug: string | null) => {
      change({ category: slug ?? '' });
      setDrawerOpen(false);
    },
    applyPrice: () => {
      setDraft(null);
      setDrawerOpen(false);
      change({ maxPrice: slider });
    },
    resetAll: () => {
      setDraft(null);
      setDrawerOpen(false);
      go(DEFAULT_LISTING);
    },
    clearSearch: (key: 'name' | 'collection') => change({ [key]: '' }),
  };
}

export type Listing = ReturnType<typeof useListing>;
