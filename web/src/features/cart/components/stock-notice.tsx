import { Button } from '#web/components/button';
import styles from './cart-page.module.css';

export const LOWER_TO_LEFT = 'Lower to what is left';

/**
 * Said above the lines when some ask for more than the shop has left (issue 14): each such line says how
 * many are left under it, and one button lowers them all (a line with nothing left is removed).
 */
export function StockNotice({ onLower }: { onLower: () => void }) {
  return (
    <div className={styles.stockNotice} role="alert">
      <p>Some items are no longer available in the quantity in your cart.</p>
      <Button variant="primary" size="small" onClick={onLower}>
        {LOWER_TO_LEFT}
      </Button>
    </div>
  );
}
