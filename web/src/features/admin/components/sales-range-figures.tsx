import { useId, type ReactNode } from 'react';
import { ORDER_STATUSES } from '#contract/schemas/order';
import type { SalesRange } from '#contract/schemas/report';
import { StatusBadge } from '#web/components/status-badge';
import { money } from '#web/lib/store-config';
import ui from './admin-ui.module.css';
import styles from './sales-range-figures.module.css';

/** Revenue, orders and average order value over the range (cancelled orders never count). */
export function SalesRangeFigures({ range }: { range: SalesRange }) {
  const figures = [
    { term: 'Revenue', value: money(range.revenue) },
    { term: 'Orders', value: range.orders.toLocaleString('en-US') },
    { term: 'Average order value', value: money(range.average_order_value) },
  ];
  return (
    <dl className={styles.figures}>
      {figures.map(({ term, value }) => (
        <div key={term} className={styles.figure}>
          <dt className={styles.figureTerm}>{term}</dt>
          <dd className={styles.figureValue}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Orders per status (the known ones always, in their order, then any other the data holds), sizes, colours. */
export function SalesRangeBreakdown({ range }: { range: SalesRange }) {
  const known: readonly string[] = ORDER_STATUSES;
  const statuses = [
    ...known,
    ...Object.keys(range.counts)
      .filter((s) => !known.includes(s))
      .sort(),
  ];
  return (
    <div className={styles.breakdown}>
      <Panel title="Orders by status">
        <ul className={styles.statusList}>
          {statuses.map((s) => (
            <li key={s} className={styles.statusRow}>
              <StatusBadge status={s} />
              <span className={styles.count}>{(range.counts[s] ?? 0).toLocaleString('en-US')}</span>
            </li>
          ))}
        </ul>
      </Panel>
      <TopList title="Top sizes" rows={range.top_sizes.map((r) => ({ name: r.size, qty: r.qty }))} />
      <TopList title="Top colours" rows={range.top_colors.map((r) => ({ name: r.color, qty: r.qty }))} />
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h3 id={id} className={styles.panelTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Units sold per option, best first, each with a bar as long as its share of the best one. */
function TopList({ title, rows }: { title: string; rows: { name: string; qty: number }[] }) {
  const best = rows[0]?.qty ?? 0;
  return (
    <Panel title={title}>
      {rows.length === 0 ? (
        <p className={`${ui.muted} ${styles.none}`}>Nothing sold in this range.</p>
      ) : (
        <ol className={styles.topOptions}>
          {rows.map((r) => (
            <li key={r.name} className={styles.option}>
              <span className={styles.optionName}>{r.name}</span>
              <span className={styles.count}>{r.qty.toLocaleString('en-US')} sold</span>
              <span
                className={styles.meter}
                aria-hidden="true"
                style={{ width: `${best ? Math.max((r.qty / best) * 100, 2) : 0}%` }}
              />
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
