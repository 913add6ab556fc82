import type { Order } from '#contract/schemas/order';
import { StatusBadge } from '#web/components/status-badge';
import { money } from '#web/lib/store-config';
import { StatusSelect } from './status-select';
import ui from './admin-ui.module.css';
import styles from './orders-page.module.css';

interface OrderCardProps {
  order: Order;
  onView: (order: Order) => void;
  /** Opens the order's printable packing slip. */
  onSlip: (order: Order) => void;
  onUpdated: (order: Order) => void;
}

export function OrderCard({ order, onView, onSlip, onUpdated }: OrderCardProps) {
  return (
    <li className={`${ui.card} ${styles.order}`} aria-labelledby={`order-${order.id}`}>
      <div className={styles.orderTop}>
        <h2 id={`order-${order.id}`} className={styles.orderId}>
          Order #{order.id}
        </h2>
        <StatusBadge status={order.status} />
      </div>
      <div className={styles.orderActions}>
        <button
          type="button"
          className={ui.secondary}
          onClick={() => onView(order)}
          aria-label={`View Details of order #${order.id}`}
        >
          View Details
        </button>
        <button
          type="button"
          className={ui.secondary}
          onClick={() => onSlip(order)}
          aria-label={`Packing slip of order #${order.id}`}
        >
          Packing slip
        </button>
        <StatusSelect order={order} onUpdated={onUpdated} />
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Customer</dt>
          <dd>
            <span className={styles.customer}>{order.name || 'N/A'}</span>
            <span className={styles.email}>{order.email || 'N/A'}</span>
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd className={styles.total}>{money(order.total)}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{order.payment_method.toUpperCase()}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{new Date(order.created_at).toLocaleDateString()}</dd>
        </div>
      </dl>
    </li>
  );
}
