import { useState } from 'react';
import type { Order } from '#contract/schemas/order';
import { Spinner } from '#web/components/spinner';
import { useAdminOrders } from '../api/admin-orders';
import { ClockIcon, ReceiptIcon } from './icons';
import { OrderCard } from './order-card';
import { OrderDetailsModal } from './order-details-modal';
import { AdminPage } from './admin-page';
import ui from './admin-ui.module.css';
import styles from './orders-page.module.css';

/** /admin/orders: counts, one card per order, status changes in place and the details modal. */
export function OrdersPage() {
  const { orders, setOrders, loading } = useAdminOrders();
  const [viewing, setViewing] = useState<Order | null>(null);
  const pending = orders.filter((o) => o.status === 'pending').length;

  function onUpdated(updated: Order) {
    setOrders((list) => list.map((o) => (o.id === updated.id ? updated : o)));
    setViewing((v) => (v?.id === updated.id ? updated : v));
  }

  return (
    <AdminPage
      page="orders"
      subtitle="Follow every order from placement to delivery."
      aside={
        <div className={styles.stats}>
          <p className={styles.stat}>
            <ReceiptIcon />
            <span>
              <span className={styles.statLabel}>Total Orders</span>
              <strong className={styles.statValue}>{orders.length}</strong>
            </span>
          </p>
          <p className={`${styles.stat} ${styles.statPending}`}>
            <ClockIcon />
            <span>
              <span className={styles.statLabel}>Pending</span>
              <strong className={styles.statValue}>{pending}</strong>
            </span>
          </p>
        </div>
      }
    >
      {loading ? (
        <Spinner label="Loading orders..." />
      ) : orders.length === 0 ? (
        <p className={`${ui.card} ${ui.center}`}>No orders yet.</p>
      ) : (
        <ul className={styles.list}>
          {orders.map((o) => (
            <OrderCard key={o.id} order={o} onView={setViewing} onUpdated={onUpdated} />
          ))}
        </ul>
      )}

      {viewing && <OrderDetailsModal order={viewing} onClose={() => setViewing(null)} />}
    </AdminPage>
  );
}
