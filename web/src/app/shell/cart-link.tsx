import { Link } from 'react-router';
import { BagIcon } from '#web/components/icons';
import { useAtomValue } from '#web/lib/jotai';
import { cartCountAtom, cartTotalAtom } from '#web/lib/session/cart-atoms';
import { money } from '#web/lib/store-config';
import styles from './header.module.css';

/** Cart summary: a badge with the item count (only above zero) and the cart total in the store currency. */
export function CartLink() {
  const count = useAtomValue(cartCountAtom);
  const total = useAtomValue(cartTotalAtom);
  return (
    <Link to="/cart" className={styles.cart}>
      <span className={styles.cartIcon}>
        <BagIcon />
        {count > 0 && (
          <span className={styles.badge} data-testid="cart-badge">
            {count}
            <span className="visually-hidden"> {count === 1 ? 'item' : 'items'}</span>
          </span>
        )}
      </span>
      <span className="visually-hidden">Cart</span>
      <span className={styles.cartTotal}>{money(total)}</span>
    </Link>
  );
}
