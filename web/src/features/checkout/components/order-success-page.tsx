import { Link, useParams } from 'react-router';
import { buttonClass } from '#web/components/button';
import { PageMeta } from '#web/components/page-meta';
import { money } from '#web/lib/store-config';
import { useOrderTotal } from '../use-order-total';
import { whatsappLink } from '../whatsapp';
import { OrderFact, OrderFacts } from './order-facts';
import styles from './order-success-page.module.css';

/** /order-success/{orderId}: thanks, the order id, the server's total and the chat link for online payment. */
export function OrderSuccessPage() {
  const { orderId = '' } = useParams();
  const total = useOrderTotal(orderId);
  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title="Order placed" description="Your order has been placed." />
      <section className={styles.card} aria-labelledby="success-title">
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
          <OrderFact term="Order ID">#{orderId}</OrderFact>
          {typeof total === 'number' ? <OrderFact term="Total">{money(total)}</OrderFact> : null}
        </OrderFacts>
        <div className={styles.pay}>
          <p>Prefer to pay online? Message us and we'll send you the payment details.</p>
          <a
            className={`${buttonClass({ variant: 'accent' })} ${styles.whatsapp}`}
            href={whatsappLink(orderId)}
            target="_blank"
            rel="noopener noreferrer"
          >
            Pay online via WhatsApp
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </div>
        <Link to="/" className={buttonClass({ variant: 'secondary' })}>
          Back to Home
        </Link>
      </section>
    </div>
  );
}
