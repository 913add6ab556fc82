import { Button } from '#web/components/button';
import styles from './order-summary.module.css';

export const LOWER_TO_AVAILABLE = 'Lower to what is left';

/**
 * Beside Place Order after the shop refused the order for stock (409 out_of_stock): what happened, and one
 * button that lowers the lines concerned to what is left (removing those with nothing left).
 */
export function StockRefusalNotice({ onLower }: { onLower: () => void }) {
  return (
    <div className={styles.refusal} role="alert">
      <p>Some items are no longer available in the quantity you chose. Nothing was ordered.</p>
      <Button variant="primary" size="small" onClick={onLower}>
        {LOWER_TO_AVAILABLE}
      </Button>
    </div>
  );
}
