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
  toggleValue,
  type ListingState,
} from '../listing-url';

/**
 * The listing's filter state (spec section 4, issue 27). All of it (category, search, collection, sort, price cap
 * and page) lives in the URL (listing-url.ts), so Back, a reload and a shared link show the same list; each
 * change the shopper makes is a new history entry (push), and any filter change starts again at page 1. A URL
 * that is not canonical (an old `search=`, a bad sort, `page=1`) is rewritten in place (replace), as is a page
 * past the last one. Only the sliders' unapplied positions and the drawer are screen state. Issue 29 adds the
 * sizes and colours (several at once), in stock only and the minimum price, with the facet counts of the answer.
 */
export function useListing() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const state = parseListing(search);
  const canonical = listingSearch(state);

  // The slider's unapplied position; null means it shows the applied cap, or the highest price when none.
  // A new URL (Back, a link) drops it, so the slider shows what that list applies.
  const [draft, setDraft] = useState<{ value: number; search: string } | null>(null);
  // The minimum price slider's unapplied position (issue 29), kept the same way; 0 is no floor.
  const [minDraft, setMinDraft] = useState<{ value: number; search: string } | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const { data, loading, error, refresh } = useProductQuery(productQuery(state));
  const ceiling = data.maxPrice;
  const pending = draft?.search === search ? draft.value : null;
  const slider = Math.min(pending ?? (state.maxPrice > 0 ? state.maxPrice : ceiling), ceiling);
  const minSlider = Math.min(minDraft?.search === search ? minDraft.value : state.minPrice, ceiling);

  const go = (next: ListingState) => navigate(listingUrl(next));
  const change = (edit: Partial<ListingState>) => go(changeListing(state, edit));

  // Past the last page (a stale link, a shrunk catalogue): show the last page instead of an empty one.
  const lastPage = loading || error || data.total === 0 ? state.page : totalPages(data.total);
  const fixed = state.page > lastPage ? listingSearch({ ...state, page: lastPage }) : canonical;
  // The same query spelt another way (`%20` for the `+` of a space: a link of another site, a typed address) is
  // left alone: rewriting it would render the whole list again for nothing (issue 29).
  const rewrite =
    fixed !== search && new URLSearchParams(fixed).toString() !== new URLSearchParams(search).toString();
  useEffect(() => {
    if (rewrite) navigate({ pathname: '/products', search: fixed }, { replace: true });
  }, [rewrite, fixed, navigate]);

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
      setMinDraft(null);
      setDrawerOpen(false);
      // A floor above the cap would ask for nothing: it is lowered to the cap.
      change({ maxPrice: slider, minPrice: Math.min(minSlider, slider) });
    },
    resetAll: () => {
      setDraft(null);
      setMinDraft(null);
      setDrawerOpen(false);
      go(DEFAULT_LISTING);
    },
    clearSearch: (key: 'name' | 'collection') => change({ [key]: '' }),
    // Issue 29: the shop filters. Ticking a box keeps the drawer open, so several can be picked at once.
    minSlider,
    setMinSlider: (value: number) => setMinDraft({ value, search }),
    facets: data.facets,
    toggleSize: (value: string) => change({ size: toggleValue(state.size, value) }),
    toggleColor: (value: string) => change({ color: toggleValue(state.color, value) }),
    setInStock: (on: boolean) => change({ in_stock: on ? 1 : 0 }),
    clearPrice: (key: 'minPrice' | 'maxPrice') => {
      setDraft(null);
      setMinDraft(null);
      change({ [key]: 0 });
    },
    /** Clear all (the chips): every filter the chips show; the category and the sort stay. */
    clearFilters: () => {
      setDraft(null);
      setMinDraft(null);
      go({ ...DEFAULT_LISTING, category: state.category, sort: state.sort });
    },
  };
}

export type Listing = ReturnType<typeof useListing>;
