import type { ReactNode } from 'react';
import styles from './order-success-page.module.css';

/** One fact about an order: its term and value. */
export function OrderFact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The facts under an order's heading (placed or saved on the device), ending with how it is paid. */
export function OrderFacts({ children }: { children: ReactNode }) {
  return (
    <dl className={styles.facts}>
      {children}
      <OrderFact term="Payment">Cash on delivery</OrderFact>
    </dl>
  );
}
