import { useEffect } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '#web/components/load-failed';
import { Spinner } from '#web/components/spinner';
import { StatusBadge } from '#web/components/status-badge';
import { useAtomValue } from '#web/lib/jotai';
import { useSavedOrders } from '#web/lib/outbox/use-saved-orders';
import { userAtom } from '#web/lib/session/auth-atoms';
import { money } from '#web/lib/store-config';
import { useMyOrders } from '../use-my-orders';
import { SavedOrderItem } from './saved-order-item';
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

/**
 * Your Orders: the orders saved on this device first (issue 12), then the shop's: id, date (browser locale), the
 * server's total and a status badge; each row opens its order page (/orders/{id}). A failed load shows Try again. An order that was saved offline and has since been placed shows the total
 * estimated offline beside the confirmed one when they differ.
 */
export function OrdersList() {
  const user = useAtomValue(userAtom);
  const { orders, loading, failed, refresh } = useMyOrders();
  const { orders: saved, loading: savedLoading } = useSavedOrders(user?.id ?? null);
  const onDevice = saved.filter((o) => o.state !== 'placed');
  const placed = new Map(
    saved.flatMap((o) => (o.state === 'placed' && o.orderId ? [[o.orderId, o] as const] : [])),
  );
  // A saved order the shop has just accepted: fetch the list again so it appears as the real order.
  const placedKey = [...placed.keys()].join(',');
  useEffect(() => {
    if (placedKey) refresh();
  }, [placedKey, refresh]);
  // The spinner only while the shop's list has nothing to show yet (a refresh keeps the list shown), and until the
  // device's saved orders have been read too: "No orders found" is said only when there is nothing at all.
  const pending = orders.length === 0 && (loading || savedLoading);

  return (
    <section className={styles.card} aria-labelledby="orders-title">
      <h2 id="orders-title" className={styles.title}>
        Your Orders
      </h2>
      {onDevice.length > 0 ? (
        <ul className={styles.orders} aria-label="Saved on this device">
          {onDevice.map((o) => (
            <SavedOrderItem key={o.key} order={o} />
          ))}
        </ul>
      ) : null}
      {pending ? (
        <Spinner label="Loading orders…" />
      ) : failed === 'failed' ? (
        <LoadFailed what="your orders" onRetry={refresh} />
      ) : failed === 'offline' ? (
        <p className={styles.empty}>Your orders will show here once you're back online.</p>
      ) : orders.length === 0 ? (
        onDevice.length === 0 ? (
          <p className={styles.empty}>No orders found</p>
        ) : null
      ) : (
        <ul className={styles.orders}>
          {orders.map((o) => {
            const offline = placed.get(o.id);
            const differs = offline !== undefined && offline.shownTotal !== o.total;
            return (
              <li key={o.id} className={`${styles.order} ${styles.openable}`}>
                <div className={styles.orderMain}>
                  <Link to={`/orders/${o.id}`} className={`${styles.orderId} ${styles.orderLink}`}>
                    Order #{o.id}
                  </Link>
                  <time className={styles.orderDate} dateTime={o.created_at}>
                    {formatDate(o.created_at)}
                  </time>
                </div>
                <span className={styles.orderTotal}>
                  {money(o.total)}
                  {differs ? (
                    <span className={styles.totalNote}>
                      confirmed; {money(offline.shownTotal)} shown offline
                    </span>
                  ) : null}
                </span>
                <StatusBadge status={o.status} label={statusLabel(o.status)} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
