import { useNavigate } from 'react-router';
import { Button } from '#web/components/button';
import { StatusBadge } from '#web/components/status-badge';
import { useSetAtom } from '#web/lib/jotai';
import { discardSavedOrder, takeBackSavedOrder } from '#web/lib/outbox/outbox';
import type { SavedOrder } from '#web/lib/outbox/outbox-db';
import { addToCartAtom } from '#web/lib/session/cart-atoms';
import { money } from '#web/lib/store-config';
import styles from './profile.module.css';

export const WAITING_TO_SEND = 'Waiting to send';
export const NOT_PLACED = 'Your saved order could not be placed';
export const SIGN_IN_TO_SEND = 'Sign in again to send this order.';

const itemCount = (o: SavedOrder) => o.lines.reduce((n, l) => n + l.qty, 0);

/**
 * An order saved on this device (issue 12), above the shop's orders: waiting to be sent (or for a sign-in), or
 * refused by the shop with its message and the two ways out, Back to cart and Discard.
 */
export function SavedOrderItem({ order }: { order: SavedOrder }) {
  const addToCart = useSetAtom(addToCartAtom);
  const navigate = useNavigate();
  const saved = new Date(order.savedAt);
  const backToCart = async () => {
    const lines = await takeBackSavedOrder(order.key);
    for (const line of lines ?? []) addToCart(line);
    navigate('/cart');
  };
  const refused = order.state === 'refused';
  return (
    <li className={styles.order} aria-label={`Saved order of ${saved.toLocaleString()}`}>
      <div className={styles.orderMain}>
        <span className={styles.orderId}>
          Saved order · {itemCount(order)} {itemCount(order) === 1 ? 'item' : 'items'}
        </span>
        <span className={styles.savedTitles}>{order.lines.map((l) => l.title).join(', ')}</span>
        <time className={styles.orderDate} dateTime={saved.toISOString()}>
          {saved.toLocaleDateString()}
        </time>
      </div>
      <span className={styles.orderTotal}>
        {money(order.shownTotal)} <span className={styles.totalNote}>estimated</span>
      </span>
      {refused ? (
        <StatusBadge status="refused" label="Not placed" />
      ) : (
        <StatusBadge status="waiting" label={WAITING_TO_SEND} />
      )}
      {refused ? (
        <div className={styles.savedNote} role="alert">
          <p>
            <strong>{NOT_PLACED}</strong>
            {order.error?.message ? `: ${order.error.message}` : null}
          </p>
          <div className={styles.savedActions}>
            <Button variant="primary" onClick={() => void backToCart()}>
              Back to cart
            </Button>
            <Button variant="secondary" onClick={() => void discardSavedOrder(order.key)}>
              Discard
            </Button>
          </div>
        </div>
      ) : order.state === 'needs-sign-in' ? (
        <p className={styles.savedNote}>{SIGN_IN_TO_SEND}</p>
      ) : null}
    </li>
  );
}
