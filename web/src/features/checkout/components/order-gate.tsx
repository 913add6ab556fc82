import type { ReactNode } from 'react';
import { Button } from '#web/components/button';
import { LoadFailed } from '#web/components/load-failed';
import { PageMeta } from '#web/components/page-meta';
import { Spinner } from '#web/components/spinner';
import type { OrderLoad, OrderView } from '../use-order';
import { OrderActions } from './order-actions';
import styles from './order-success-page.module.css';

export const NOT_FOUND_HEADING = 'Order not found';
export const NOT_FOUND_TEXT =
  "We couldn't find this order in your account. Check the link, or find your orders on your profile.";

/** A missing order, someone else's or a mistyped id: the same calm answer, never the order nor a thank-you. */
export function OrderNotFound() {
  return (
    <section className={styles.card} aria-labelledby="not-found-title">
      <PageMeta title={NOT_FOUND_HEADING} description="This order could not be found." />
      <h1 id="not-found-title" className={styles.heading}>
        {NOT_FOUND_HEADING}
      </h1>
      <p className={styles.lead}>{NOT_FOUND_TEXT}</p>
      <OrderActions to="/profile" label="Your Orders" />
    </section>
  );
}

/** Shows the order once loaded, or why it cannot be shown (loading, not found, a failed load, offline). */
export function OrderGate({ load, children }: { load: OrderLoad; children: (view: OrderView) => ReactNode }) {
  switch (load.state) {
    case 'ready':
      return children(load.view);
    case 'loading':
      return <Spinner label="Loading your order…" />;
    case 'not-found':
      return <OrderNotFound />;
    case 'offline':
      return (
        <div className={styles.card} role="status">
          <p className={styles.lead}>You're offline. Your order will show here once you're back online.</p>
          <Button variant="secondary" onClick={load.retry}>
            Try again
          </Button>
        </div>
      );
    case 'failed':
      return <LoadFailed what="your order" onRetry={load.retry} className={styles.card} />;
  }
}
