import { Link } from 'react-router';
import type { ShippingAddress } from '#contract/schemas/cart';
import { fromCents, toCents } from '#contract/rules/money';
import { buttonClass, Button } from '#web/components/button';
import { money } from '#web/lib/store-config';
import page from '#web/styles/page.module.css';
import styles from './cart-totals.module.css';

interface Props {
  subtotal: number;
  shipping: number;
  address: ShippingAddress;
  onCalculateShipping: () => void;
}

/** Where the estimate ships to, e.g. "Lahore, Punjab, Pakistan". */
function destination(a: ShippingAddress): string {
  return [a.city, a.province, a.country]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
}

/** The totals box: subtotal, shipping and total from the last updated cart, plus the two next steps. */
export function CartTotals({ subtotal, shipping, address, onCalculateShipping }: Props) {
  const to = destination(address);
  return (
    <section className={`${page.panel} ${styles.box}`} aria-labelledby="cart-totals-title">
      <h2 id="cart-totals-title" className={page.panelTitle}>
        Cart Totals
      </h2>
      <dl className={styles.rows}>
        <div className={styles.row}>
          <dt>Subtotal</dt>
          <dd>{money(subtotal)}</dd>
        </div>
        <div className={styles.row}>
          <dt>Shipping</dt>
          <dd>
            {money(shipping)}
            {to ? <span className={styles.destination}>to {to}</span> : null}
          </dd>
        </div>
        <div className={`${styles.row} ${styles.total}`}>
          <dt>Total</dt>
          <dd>{money(fromCents(toCents(subtotal) + toCents(shipping)))}</dd>
        </div>
      </dl>
      <Button variant="secondary" block onClick={onCalculateShipping}>
        Calculate shipping
      </Button>
      <Link to="/checkout" className={buttonClass({ variant: 'accent', block: true })}>
        Proceed to Checkout
      </Link>
    </section>
  );
}
