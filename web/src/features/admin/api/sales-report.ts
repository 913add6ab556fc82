import { useEffect, useState } from 'react';
import type { SalesReport } from '../../../../../contract/schemas/report';
import { api } from '../../../lib/api-client';

const EMPTY_REPORT: SalesReport = { stats: { total_sales: 0, orders_count: 0 }, best_selling: [] };

/** The dashboard's report. A failure is silent (spec section 8): zeros and an empty list. */
export function useSalesReport(): { report: SalesReport; loading: boolean } {
  const [report, setReport] = useState<SalesReport>(EMPTY_REPORT);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    api('salesReport')
      .then((r) => live && setReport(r))
      .catch(() => live && setReport(EMPTY_REPORT))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);
  return { report, loading };
}
