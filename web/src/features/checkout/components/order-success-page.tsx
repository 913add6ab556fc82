import { useParams } from 'react-router';
import { PageMeta } from '#web/components/page-meta';
import { money } from '#web/lib/store-config';
import { useOrder } from '../use-order';
import { OrderActions } from './order-actions';
import { OrderAddress } from './order-address';
import { OrderFact, OrderFacts } from './order-facts';
import { OrderGate } from './order-gate';
import { OrderItems } from './order-items';
import { OrderSection } from './order-section';
import { PayOnline } from './pay-online';
import styles from './order-success-page.module.css';

const block = { section: styles.block, title: styles.blockTitle };

/**
 * /order-success/{orderId}: thanks, the order id, its lines, the server's total, the address and the chat link
 * for online payment. Only for the signed-in shopper's own order: any other id shows "Order not found".
 */
export function OrderSuccessPage() {
  const { orderId = '' } = useParams();
  const load = useOrder(orderId);
  return (
    <div className={`container ${styles.page}`}>
      <OrderGate load={load}>
        {({ order, items }) => (
          <section className={styles.card} aria-labelledby="success-title">
            <PageMeta title="Order placed" description="Your order has been placed." />
            <div className={styles.check} aria-hidden="true">
              ✓
            </div>
            <h1 id="success-title" className={styles.heading}>
              Thank You for Your Order!
            </h1>
            <p className={styles.lead}>
              Your order has been placed successfully. We'll contact you soon with shipping details.
            </p>
            <OrderFacts>
              <OrderFact term="Order ID">#{order.id}</OrderFact>
              <OrderFact term="Total">{money(order.total)}</OrderFact>
            </OrderFacts>
            <OrderSection id="success-items" title="Items" classes={block}>
              <OrderItems items={items} />
            </OrderSection>
            <OrderSection id="success-address" title="Delivery address" classes={block}>
              <OrderAddress shippingText={order.shipping_address} />
            </OrderSection>
            <PayOnline orderId={order.id} />
            <OrderActions to={`/orders/${order.id}`} label="View order" />
          </section>
        )}
      </OrderGate>
    </div>
  );
}
