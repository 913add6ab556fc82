import { useEffect } from 'react';
import { useParams } from 'react-router';
import { OrderLines } from '#web/components/order-lines';
import { PageMeta } from '#web/components/page-meta';
import { Spinner } from '#web/components/spinner';
import { StatusIcon } from '#web/components/status-badge';
import { getSavedOrder, onOutboxChange } from '#web/lib/outbox/outbox';
import { money } from '#web/lib/store-config';
import { useQuery } from '#web/lib/use-query';
import { OrderActions } from './order-actions';
import { OrderFact, OrderFacts } from './order-facts';
import styles from './order-success-page.module.css';

export const SAVED_HEADING = 'Order saved on this device';
export const SAVED_LEAD = "It will be sent as soon as you're back online.";
export const SENT_HEADING = 'Your saved order has been placed';
export const SENT_LEAD = "The shop has it now. We'll contact you soon with shipping details.";

const SHOPPING = { to: '/products', label: 'Continue Shopping' };

/** /order-saved/{key}: the order kept on the device while offline (issue 12), its lines and estimated total. */
export function OrderSavedPage() {
  const { key = '' } = useParams();
  const { data: order, loading, refresh } = useQuery(['savedOrder', key], () => getSavedOrder(key));
  // The outbox says when the order is sent (from this tab, another or the service worker): the page follows it.
  useEffect(() => onOutboxChange(refresh), [refresh]);
  if (order?.state === 'placed' && order.orderId)
    return <SentOrder orderId={order.orderId} total={order.confirmedTotal} />;
  return (
    <div className={`container ${styles.page}`}>
      <PageMeta
        title="Order saved"
        description="Your order is saved on this device and will be sent when you're online."
      />
      <section className={styles.card} aria-labelledby="saved-title">
        <div className={`${styles.check} ${styles.waiting}`} aria-hidden="true">
          <StatusIcon status="waiting" size={36} strokeWidth={2} />
        </div>
        <h1 id="saved-title" className={styles.heading}>
          {SAVED_HEADING}
        </h1>
        <p className={styles.lead}>{SAVED_LEAD}</p>
        {loading ? (
          <Spinner label="Loading the saved order…" />
        ) : order ? (
          <>
            <OrderLines lines={order.lines} className={styles.savedLines} />
            <OrderFacts>
              <OrderFact term="Estimated total">{money(order.shownTotal)}</OrderFact>
            </OrderFacts>
            <p className={styles.note}>
              The shop confirms the total when it receives the order. Follow it in Your Orders.
            </p>
          </>
        ) : (
          <p className={styles.note}>This order is no longer waiting on this device: see Your Orders.</p>
        )}
        <OrderActions to="/profile" label="Your Orders" then={SHOPPING} />
      </section>
    </div>
  );
}

/** The saved order once the shop has it: says so and opens the real order (no reload needed). */
function SentOrder({ orderId, total }: { orderId: number; total: number | undefined }) {
  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title="Order placed" description="Your saved order has been placed." />
      <section className={styles.card} aria-labelledby="sent-title">
        <div className={styles.check} aria-hidden="true">
          ✓
        </div>
        <h1 id="sent-title" className={styles.heading}>
          {SENT_HEADING}
        </h1>
        <p className={styles.lead} role="status">
          {SENT_LEAD}
        </p>
        <OrderFacts>
          <OrderFact term="Order ID">#{orderId}</OrderFact>
          {typeof total === 'number' ? <OrderFact term="Total">{money(total)}</OrderFact> : null}
        </OrderFacts>
        <OrderActions to={`/orders/${orderId}`} label="View order" then={SHOPPING} />
      </section>
    </div>
  );
}
