import { useId, useState } from 'react';
import { useSalesRange } from '../api/sales-report';
import ui from './admin-ui.module.css';
import { formatDay } from './sales-range-dates';
import { SalesRangeBreakdown, SalesRangeFigures } from './sales-range-figures';
import { initialRange, SalesRangePicker, type RangeState } from './sales-range-picker';
import { SalesRangeRevenue } from './sales-range-revenue';
import styles from './sales-range.module.css';

/**
 * The dashboard's "Sales over time" (issue 15): a range picker, the range's figures, revenue per day or
 * month, and orders by status and the best sizes and colours. Days are UTC, as the server files orders.
 * The previous range stays on screen (dimmed, aria-busy) while the next one loads.
 */
export function SalesRangeSection() {
  const [state, setState] = useState<RangeState>(initialRange);
  const { from, to } = state.range;
  const { range, loading, failed, retry } = useSalesRange(from, to);
  const headingId = useId();

  return (
    <section className={`${ui.card} ${styles.section}`} aria-labelledby={headingId}>
      <div className={styles.head}>
        <div>
          <h2 id={headingId} className={styles.title}>
            Sales over time
          </h2>
          <p className={styles.dates}>
            {formatDay(from)} – {formatDay(to)} (UTC)
          </p>
        </div>
        <SalesRangePicker value={state} onChange={setState} />
      </div>
      {failed ? (
        <div className={styles.problem}>
          <p>Could not load sales for this range.</p>
          <button type="button" className={ui.secondary} onClick={retry}>
            Try again
          </button>
        </div>
      ) : !range ? (
        <p role="status" className={ui.center}>
          Loading sales...
        </p>
      ) : (
        <div className={`${styles.results} ${loading ? styles.stale : ''}`} aria-busy={loading}>
          <SalesRangeFigures range={range} />
          <SalesRangeRevenue range={range} />
          <SalesRangeBreakdown range={range} />
        </div>
      )}
    </section>
  );
}
