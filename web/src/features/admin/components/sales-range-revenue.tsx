import { useId, useMemo, useState } from 'react';
import type { SalesRange } from '#contract/schemas/report';
import ui from './admin-ui.module.css';
import { bucketUnit, chartSummary, toBuckets } from './sales-range-buckets';
import { SalesRangeChart } from './sales-range-chart';
import { SalesRangeTable } from './sales-range-table';
import styles from './sales-range.module.css';

/** Revenue per day (or month): the chart, or a plain sentence when nothing sold; the table on request. */
export function SalesRangeRevenue({ range }: { range: SalesRange }) {
  const [showTable, setShowTable] = useState(false);
  const titleId = useId();
  const tableId = useId();
  const unit = bucketUnit(range);
  const buckets = useMemo(() => toBuckets(range), [range]);
  const empty = range.orders === 0;

  return (
    <section className={styles.revenue} aria-labelledby={titleId}>
      <div className={styles.revenueHead}>
        <h3 id={titleId} className={styles.panelTitle}>
          Revenue per {unit}
        </h3>
        {empty ? null : (
          <button
            type="button"
            className={`${ui.secondary} ${ui.small}`}
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((v) => !v)}
          >
            Show as table
          </button>
        )}
      </div>
      {empty ? (
        <p className={styles.empty}>No sales in this range</p>
      ) : (
        <>
          <SalesRangeChart buckets={buckets} unit={unit} summary={chartSummary(range, buckets)} />
          {showTable ? <SalesRangeTable id={tableId} buckets={buckets} unit={unit} /> : null}
        </>
      )}
    </section>
  );
}
