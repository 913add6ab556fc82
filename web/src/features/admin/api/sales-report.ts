import type { SalesRange, SalesReport } from '#contract/schemas/report';
import { api } from '#web/lib/api-client';
import { useQuery } from '#web/lib/use-query';

const EMPTY_REPORT: SalesReport = { stats: { total_sales: 0, orders_count: 0 }, best_selling: [] };

/**
 * The dashboard's report. A failure (5xx, timeout) is `failed`, shown with Try again (issue 27), never as
 * zeros and "No sales data available yet.", which stay for a shop that has really sold nothing.
 */
export function useSalesReport(): {
  report: SalesReport;
  loading: boolean;
  failed: boolean;
  retry: () => void;
} {
  const { data, error, loading, refresh } = useQuery(['salesReport'], (signal) =>
    api('salesReport', { signal }),
  );
  return { report: data ?? EMPTY_REPORT, loading, failed: !loading && error !== null, retry: refresh };
}

export interface SalesRangeResult {
  /** The figures of the range asked for, or of the previous one while the next loads; undefined before. */
  range: SalesRange | undefined;
  loading: boolean;
  /** The last request failed, or answered without the range part: nothing to show (zeros would mislead). */
  failed: boolean;
  retry: () => void;
}

/**
 * The report over the days `from` to `to` (YYYY-MM-DD, UTC, both included; issue 15). The previous range
 * stays on screen while the next one loads, so switching presets does not blank the chart.
 */
export function useSalesRange(from: string, to: string): SalesRangeResult {
  const { data, error, loading, refresh } = useQuery(
    ['salesReport', from, to],
    (signal) => api('salesReport', { query: { from, to }, signal }),
    { keepPreviousData: true },
  );
  const failed = !loading && (error !== null || data?.range === undefined);
  return { range: failed ? undefined : data?.range, loading, failed, retry: refresh };
}
