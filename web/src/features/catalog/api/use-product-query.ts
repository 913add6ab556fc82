import { useEffect, useState } from 'react';
import type { ProductListResponse } from '../../../../../contract/schemas/product';
import { cachedApi } from '../../../lib/catalogue-cache';

export type ProductQuery = Record<string, string | number | undefined>;

interface State {
  data: ProductListResponse;
  loading: boolean;
}

const EMPTY: ProductListResponse = { items: [], total: 0, maxPrice: 0 };

/**
 * GET /products for a query. When the query changes before an answer arrives, the old request is aborted
 * and its answer ignored (stale responses never overwrite newer filters). Failures show the empty state.
 */
export function useProductQuery(query: ProductQuery) {
  const key = JSON.stringify(query);
  const [state, setState] = useState<State>({ data: EMPTY, loading: true });
  useEffect(() => {
    const controller = new AbortController();
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    cachedApi('listProducts', { query: JSON.parse(key) as ProductQuery, signal: controller.signal })
      .then((data) => {
        if (current) setState({ data, loading: false });
      })
      .catch(() => {
        if (current) setState({ data: EMPTY, loading: false });
      });
    return () => {
      current = false;
      controller.abort();
    };
  }, [key]);
  return state;
}
