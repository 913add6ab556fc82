import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Sort } from '#contract/rules/catalog-query';
import { useProductQuery } from '../api/use-product-query';
import { PAGE_SIZE } from '../listing-rules';

/**
 * The listing's filter state (spec section 4). Category, name, collection and page live in the URL, so
 * back/forward and shared links work and any URL change starts again at page 1 (page is dropped from the
 * URL whenever another filter changes). Sort and the price cap are screen state.
 */
export function useListing() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const category = params.get('category') ?? '';
  const name = params.get('name') ?? '';
  const collection = params.get('collection') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const [sort, setSortState] = useState<Sort>('latest');
  const [maxPrice, setMaxPrice] = useState(0);
  // The slider's unapplied position; null means it shows the applied cap, or the highest price when none.
  const [draft, setDraft] = useState<number | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const { data, loading } = useProductQuery({
    page,
    limit: PAGE_SIZE,
    sort,
    maxPrice: maxPrice > 0 ? maxPrice : undefined,
    category: category || undefined,
    q: name || undefined,
    collection: collection || undefined,
  });
  const ceiling = data.maxPrice;
  const slider = Math.min(draft ?? (maxPrice > 0 ? maxPrice : ceiling), ceiling);

  const change = (edit: (p: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    edit(next);
    setParams(next);
  };

  return {
    category,
    name,
    collection,
    page,
    sort,
    maxPrice,
    slider,
    ceiling,
    data,
    loading,
    drawerOpen,
    setDrawerOpen,
    setSlider: setDraft,
    setPage: (n: number) => change((p) => (n > 1 ? p.set('page', String(n)) : p.delete('page'))),
    setSort: (s: Sort) => {
      setSortState(s);
      change((p) => p.delete('page'));
    },
    chooseCategory: (slug: string | null) => {
      change((p) => {
        if (slug) p.set('category', slug);
        else p.delete('category');
        p.delete('page');
      });
      setDrawerOpen(false);
    },
    applyPrice: () => {
      setMaxPrice(slider);
      setDraft(null);
      setDrawerOpen(false);
      change((p) => p.delete('page'));
    },
    resetAll: () => {
      setSortState('latest');
      setMaxPrice(0);
      setDraft(null);
      setDrawerOpen(false);
      navigate('/products');
    },
    clearSearch: (key: 'name' | 'collection') =>
      change((p) => {
        p.delete(key);
        p.delete('search');
        p.delete('page');
      }),
  };
}

export type Listing = ReturnType<typeof useListing>;
