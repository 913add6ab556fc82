import type { ProductListResponse } from '#contract/schemas/product';
import { cachedApi } from '#web/lib/catalogue-cache';
import { useQuery } from '#web/lib/use-query';

export type ProductQuery = Record<string, string | number | undefined>;

const EMPTY: ProductListResponse = { items: [], total: 0, maxPrice: 0 };

/**
 * GET /products for a query. When the query changes before an answer arrives, the old request is aborted
 * and its answer ignored (stale responses never overwrite newer filters); the last list stays on screen
 * while the next one loads. A failure is returned as `error` (the data then is empty), with `refresh` to ask again.
 */
export function useProductQuery(query: ProductQuery) {
  const { data, loading, error, refresh } = useQuery(
    ['listProducts', query],
    (signal) => cachedApi('listProducts', { query, signal }),
    { keepPreviousData: true },
  );
  return { data: data ?? EMPTY, loading, error, refresh };
}
