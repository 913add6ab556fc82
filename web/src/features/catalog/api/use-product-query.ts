import type { ProductListResponse } from '#contract/schemas/product';
import { cachedApi } from '#web/lib/catalogue-cache';
import { useQuery } from '#web/lib/use-query';
import { answerUnderWay } from './offline-seeds';

export type ProductQuery = Record<string, string | number | string[] | undefined>;

const EMPTY: ProductListResponse = { items: [], total: 0, maxPrice: 0 };

/**
 * GET /products for a query. When the query changes before an answer arrives, the old request is aborted
 * and its answer ignored (stale responses never overwrite newer filters); the last list stays on screen
 * while the next one loads. A failure is passed on (error, with refresh for Try again) so a screen can tell it
 * from real emptiness (issue 27); data is then the empty list.
 */
export function useProductQuery(query: ProductQuery) {
  const { data, loading, error, refresh } = useQuery(
    ['listProducts', query],
    // Opened offline, the screen may have begun this answer already (offline-seeds.ts).
    (signal) => answerUnderWay(query) ?? cachedApi('listProducts', { query, signal }),
    { keepPreviousData: true },
  );
  return { data: data ?? EMPTY, loading, error, refresh };
}
