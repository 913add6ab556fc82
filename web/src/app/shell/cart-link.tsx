import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BagIcon } from '#web/components/icons';
import { useAtomValue } from '#web/lib/jotai';
import { cartCountAtom, cartTotalAtom } from '#web/lib/session/cart-atoms';
import { money } from '#web/lib/store-config';
import styles from './header.module.css';

/**
 * Server rendering (issue 28): a page's HTML is cached for every visitor, so the cart's badge and total are
 * written as these marks, which the page routes replace per request from the visitor's `cart` cookie (outside
 * the cache); the browser then reads the same cookie and hydrates the same badge.
 */
export const CART_MARKS = { badge: '%%tl-cart-badge%%', total: '%%tl-cart-total%%' } as const;
export const CartMarksContext = createContext(false);

/** The item count above zero (the server renders it alone to fill the badge's mark). */
export function CartBadge({ count }: { count: number }) {
  return (
    <span className={styles.badge} data-testid="cart-badge">
      {count}
      <span className="visually-hidden">{count === 1 ? ' item' : ' items'}</span>
    </span>
  );
}

function CartLinkView({ badge, total }: { badge: ReactNode; total: string }) {
  return (
    <Link to="/cart" className={styles.cart}>
      <span className={styles.cartIcon}>
        <BagIcon />
        {badge}
      </span>
      <span className="visually-hidden">Cart</span>
      <span className={styles.cartTotal}>{total}</span>
    </Link>
  );
}

function LiveCartLink() {
  const count = useAtomValue(cartCountAtom);
  const total = useAtomValue(cartTotalAtom);
  return <CartLinkView badge={count > 0 && <CartBadge count={count} />} total={money(total)} />;
}

/** Cart summary: a badge with the item count (only above zero) and the cart total in the store currency. */
export function CartLink() {
  return useContext(CartMarksContext) ? (
    <CartLinkView badge={CART_MARKS.badge} total={CART_MARKS.total} />
  ) : (
    <LiveCartLink />
  );
}
