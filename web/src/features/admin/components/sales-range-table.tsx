import { money } from '#web/lib/store-config';
import type { Bucket, BucketUnit } from './sales-range-buckets';
import styles from './sales-range.module.css';

/** The chart's figures as a table: the same bars, one row each, for screen readers and exact numbers. */
export function SalesRangeTable({
  id,
  buckets,
  unit,
}: {
  id: string;
  buckets: readonly Bucket[];
  unit: BucketUnit;
}) {
  return (
    <div id={id} className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>Revenue per {unit}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col" className={styles.num}>
              Orders
            </th>
            <th scope="col" className={styles.num}>
              Revenue
            </th>
          </tr>
        </thead>
        <tbody>
          {buckets.map((b) => (
            <tr key={b.key}>
              <th scope="row">
                <time dateTime={b.key}>{b.label}</time>
              </th>
              <td className={styles.num}>{b.orders.toLocaleString('en-US')}</td>
              <td className={styles.num}>{money(b.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
