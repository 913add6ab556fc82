import { Spinner } from '#web/components/spinner';
import { StatusBadge } from '#web/components/status-badge';
import { money } from '#web/lib/store-config';
import { useMyOrders } from '../use-my-orders';
import styles from './profile.module.css';

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString();
}

/** The profile shows statuses in one case, whatever case the server stored. */
function statusLabel(status: string): string {
  const s = status.trim();
  return s ? s.toLowerCase() : 'unknown';
}

/** Your Orders: spinner, then id, date (browser locale), the server's total and a status badge. */
export function OrdersList() {
  const { orders, loading } = useMyOrders();
  return (
    <section className={styles.card} aria-labelledby="orders-title">
      <h2 id="orders-title" className={styles.title}>
        Your Orders
      </h2>
      {loading ? (
        <Spinner label="Loading orders…" />
      ) : orders.length === 0 ? (
        <p className={styles.empty}>No orders found</p>
      ) : (
        <ul className={styles.orders}>
          {orders.map((o) => (
            <li key={o.id} className={styles.order}>
              <div className={styles.orderMain}>
                <span className={styles.orderId}>Order #{o.id}</span>
                <time className={styles.orderDate} dateTime={o.created_at}>
                  {formatDate(o.created_at)}
                </time>
              </div>
              <span className={styles.orderTotal}>{money(o.total)}</span>
              <StatusBadge status={o.status} label={statusLabel(o.status)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
