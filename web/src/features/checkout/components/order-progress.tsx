import type { Order } from '#contract/schemas/order';
import { StatusIcon } from '#web/components/status-badge';
import styles from './order-page.module.css';

const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
};
const capitalised = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1).toLowerCase() : s);

/**
 * The order's status history for its shopper, oldest first: placed, then every change the shop made. Who made
 * a change is the shop's business, so only what and when are shown.
 */
export function OrderProgress({ order }: { order: Order }) {
  const steps = [
    { key: 'placed', status: 'pending', label: 'Placed', at: order.created_at },
    ...order.status_history.map((h, i) => ({
      key: `${i}`,
      status: h.to,
      label: capitalised(h.to),
      at: h.at,
    })),
  ];
  return (
    <ol className={styles.progress} aria-label="Status history">
      {steps.map((s) => (
        <li key={s.key} className={styles.step} data-status={s.status}>
          <span className={styles.stepIcon} aria-hidden="true">
            <StatusIcon status={s.status} />
          </span>
          <span className={styles.stepLabel}>{s.label}</span>
          <time dateTime={s.at} className={styles.stepTime}>
            {when(s.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
