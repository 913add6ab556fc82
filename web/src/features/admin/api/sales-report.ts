import type { SalesReport } from '#contract/schemas/report';
import { api } from '#web/lib/api-client';
import { useQuery } from '#web/lib/use-query';

const EMPTY_REPORT: SalesReport = { stats: { total_sales: 0, orders_count: 0 }, best_selling: [] };

/** The dashboard's report. A failure is silent (spec section 8): zeros and an empty list. */
export function useSalesReport(): { report: SalesReport; loading: boolean } {
  const { data, loading } = useQuery(['salesReport'], (signal) => api('salesReport', { signal }));
  return { report: data ?? EMPTY_REPORT, loading };
}
