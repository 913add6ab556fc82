import { Link } from 'react-router';
import type { ShippingAddress } from '#contract/schemas/cart';
import { buttonClass, Button } from '#web/components/button';
import { Panel } from '#web/components/panel';
import { TotalsList } from '#web/components/totals-list';
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
    <Panel titleId="cart-totals-title" title="Cart Totals" className={styles.box}>
      <TotalsList
        subtotal={subtotal}
        shipping={shipping}
        shippingNote={to ? <span className={styles.destination}>to {to}</span> : null}
        classes={{ list: styles.rows, row: styles.row, total: styles.total }}
      />
      <Button variant="secondary" block onClick={onCalculateShipping}>
        Calculate shipping
      </Button>
      <Link to="/checkout" className={buttonClass({ variant: 'accent', block: true })}>
        Proceed to Checkout
      </Link>
    </Panel>
  );
}
