import type { ReactNode } from 'react';
import type { Order } from '#contract/schemas/order';
import { fromCents, toCents } from '#contract/rules/money';
import { Modal } from '#web/components/modal';
import { Spinner } from '#web/components/spinner';
import { money } from '#web/lib/store-config';
import { useOrderItems } from '../api/admin-orders';
import { Fact, NA, ShipToFacts } from './ship-to';
import { StatusHistory } from './status-history';
import ui from './admin-ui.module.css';
import styles from './order-details-modal.module.css';

const SHIP_TO = { name: 'Recipient', phone: 'Phone', address: 'Delivery address', notes: 'Special notes' };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Fact label={label} className={styles.row}>
      {children}
    </Fact>
  );
}

/** One order in full: who, where to, what, and every status change an admin made. */
export function OrderDetailsModal({ order, onClose }: { order: Order; onClose: () => void }) {
  const { items, loading } = useOrderItems(order.id);

  return (
    <Modal
      open
      size="lg"
      title={`Order #${order.id}`}
      onClose={onClose}
      footer={
        <button type="button" className={ui.primary} onClick={onClose}>
          Close Details
        </button>
      }
    >
      <div className={styles.columns}>
        <section aria-labelledby="details-customer" className={styles.section}>
          <h3 id="details-customer" className={styles.heading}>
            Customer Information
          </h3>
          <dl className={styles.rows}>
            <Row label="Name">{order.name.trim() || NA}</Row>
            <Row label="Email">{order.email.trim() || NA}</Row>
            <Row label="User ID">{order.user_id}</Row>
            <Row label="Date">{new Date(order.created_at).toLocaleString()}</Row>
          </dl>
        </section>
        <section aria-labelledby="details-shipping" className={styles.section}>
          <h3 id="details-shipping" className={styles.heading}>
            Shipping Information
          </h3>
          <dl className={styles.rows}>
            <ShipToFacts order={order} labels={SHIP_TO} rowClassName={styles.row}>
              <Row label="Payment method">{order.payment_method.toUpperCase() || NA}</Row>
              <Row label="Total">{money(order.total)}</Row>
            </ShipToFacts>
          </dl>
        </section>
      </div>

      <section aria-labelledby="details-items" className={styles.section}>
        <h3 id="details-items" className={styles.heading}>
          Order Items <span className={styles.count}>({items.length})</span>
        </h3>
        {loading ? (
          <Spinner label="Loading items..." />
        ) : (
          <ul className={styles.items}>
            {items.map((item) => (
              <li key={item.id} className={styles.item}>
                <div className={styles.itemMain}>
                  <p className={styles.itemTitle}>{item.product_title}</p>
                  <p className={styles.itemMeta}>
                    <span>Product ID: {item.product_id}</span>
                    <span>Quantity: {item.qty}</span>
                    <span>Size: {item.size || NA}</span>
                    <span>Color: {item.color || NA}</span>
                    {item.size_id !== null && item.size_id !== '' && <span>Size ID: {item.size_id}</span>}
                  </p>
                </div>
                <div className={styles.itemPrices}>
                  <span className={styles.unit}>
                    {money(item.price)} × {item.qty}
                  </span>
                  <strong>{money(fromCents(toCents(item.price) * item.qty))}</strong>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <StatusHistory history={order.status_history} />
    </Modal>
  );
}
