import { Link, useParams } from 'react-router';
import { PageMeta } from '#web/components/page-meta';
import { StatusBadge } from '#web/components/status-badge';
import { TotalsList } from '#web/components/totals-list';
import page from '#web/styles/page.module.css';
import summary from '#web/styles/summary-rows.module.css';
import { useOrder } from '../use-order';
import { OrderAddress } from './order-address';
import { OrderGate } from './order-gate';
import { OrderItems, orderSums } from './order-items';
import { OrderProgress } from './order-progress';
import { OrderSection } from './order-section';
import { PayOnline } from './pay-online';
import styles from './order-page.module.css';

const card = { section: styles.card, title: styles.cardTitle };

/** Online payment is offered while the order is still open. */
const PAYABLE = new Set(['pending', 'processing', 'shipped']);

const day = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString();
};

/**
 * /orders/{id} (issue 27): one of the signed-in shopper's orders in full, opened from the profile: lines with
 * pictures, sizes and colours, totals, the delivery address, the status with its history, and the chat link for
 * online payment. Another shopper's id shows "Order not found", as a missing one does.
 */
export function OrderPage() {
  const { id = '' } = useParams();
  const load = useOrder(id);
  return (
    <div className={`container ${page.page} ${styles.page}`}>
      <Link to="/profile" className={styles.back}>
        ← Your Orders
      </Link>
      <OrderGate load={load}>
        {({ order, items }) => {
          const { subtotal, shipping } = orderSums(order.total, items);
          const status = order.status.trim().toLowerCase() || 'unknown';
          return (
            <>
              <PageMeta
                title={`Order #${order.id}`}
                description="Your order: items, totals, address and status."
              />
              <div className={styles.head}>
                <h1 className={styles.title}>Order #{order.id}</h1>
                <p className={styles.placed}>
                  Placed on <time dateTime={order.created_at}>{day(order.created_at)}</time>
                </p>
                <StatusBadge status={order.status} label={status} />
              </div>
              <div className={styles.layout}>
                <OrderSection id="order-items" title="Items" classes={card}>
                  <OrderItems items={items} />
                  <TotalsList
                    subtotal={subtotal}
                    shipping={shipping}
                    classes={{ list: styles.totals, row: summary.row, total: summary.total }}
                  />
                </OrderSection>
                <div className={styles.side}>
                  <OrderSection id="order-status" title="Status" classes={card}>
                    <OrderProgress order={order} />
                  </OrderSection>
                  <OrderSection id="order-address" title="Delivery address" classes={card}>
                    <OrderAddress shippingText={order.shipping_address} />
                  </OrderSection>
                  <OrderSection id="order-payment" title="Payment" classes={card}>
                    <p>Cash on delivery</p>
                    {PAYABLE.has(status) ? <PayOnline orderId={order.id} className={styles.pay} /> : null}
                  </OrderSection>
                </div>
              </div>
            </>
          );
        }}
      </OrderGate>
    </div>
  );
}
