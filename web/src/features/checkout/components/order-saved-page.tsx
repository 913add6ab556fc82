import { Link, useParams } from 'react-router';
import { buttonClass } from '#web/components/button';
import { OrderLines } from '#web/components/order-lines';
import { PageMeta } from '#web/components/page-meta';
import { Spinner } from '#web/components/spinner';
import { StatusIcon } from '#web/components/status-badge';
import { getSavedOrder } from '#web/lib/outbox/outbox';
import { money } from '#web/lib/store-config';
import { useQuery } from '#web/lib/use-query';
import { OrderFact, OrderFacts } from './order-facts';
import styles from './order-success-page.module.css';

export const SAVED_HEADING = 'Order saved on this device';
export const SAVED_LEAD = "It will be sent as soon as you're back online.";

/** /order-saved/{key}: the order kept on the device while offline (issue 12), its lines and estimated total. */
export function OrderSavedPage() {
  const { key = '' } = useParams();
  const { data: order, loading } = useQuery(['savedOrder', key], () => getSavedOrder(key));
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
        <div className={styles.actions}>
          <Link to="/profile" className={buttonClass({ variant: 'primary' })}>
            Your Orders
          </Link>
          <Link to="/products" className={buttonClass({ variant: 'secondary' })}>
            Continue Shopping
          </Link>
        </div>
      </section>
    </div>
  );
}
