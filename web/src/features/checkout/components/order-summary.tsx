import { Link } from 'react-router';
import type { CartLine } from '#contract/schemas/cart';
import { shippingForOrder } from '#contract/rules/shipping';
import { Button } from '#web/components/button';
import { Notice } from '#web/components/notice';
import { Panel } from '#web/components/panel';
import { TotalsList } from '#web/components/totals-list';
import type { Refusal } from '../stock-refusal';
import { refusalNote, shortFor } from '../stock-refusal';
import { ORDER_FAILED } from '../use-place-order';
import { StockRefusalNotice } from './stock-refusal-notice';
import { OrderLines } from '#web/components/order-lines';
import styles from './order-summary.module.css';

interface Props {
  lines: readonly CartLine[];
  subtotal: number;
  city: string;
  processing: boolean;
  /** No network: Place Order saves the order on the device (issue 12), and the shopper is told so beside it. */
  offline?: boolean;
  /** The shop's out_of_stock answer for these lines (issue 14), and the way to lower them to what is left. */
  refusal?: Refusal | null;
  onLower?: () => void;
  /** Said once the lines were lowered, until the next Place Order. */
  lowered?: boolean;
  /** The last Place Order failed: Error placing order. Please try again. beside the button (issue 27). */
  failed?: boolean;
}

export const LINES_LOWERED = 'Quantities lowered to what is left. Check your order and place it again.';

export const OFFLINE_ORDER =
  "You're offline. Place Order saves your order on this device and sends it as soon as you're back online.";

/**
 * Your order: lines, subtotal, shipping and total. Shipping follows the server's rule on the form's
 * city (20 once a city is typed), so the total shown is the total the server will charge.
 */
export function OrderSummary({
  lines,
  subtotal,
  city,
  processing,
  offline = false,
  refusal = null,
  onLower,
  lowered = false,
  failed = false,
}: Props) {
  const shipping = shippingForOrder(city);
  return (
    <Panel titleId="summary-title" title="Your Order" className={styles.card}>
      <OrderLines
        lines={lines}
        noteFor={(l) => {
          const short = refusal ? shortFor(refusal, l) : undefined;
          return short ? refusalNote(short) : null;
        }}
      />
      <TotalsList
        subtotal={subtotal}
        shipping={shipping}
        classes={{ list: styles.totals, row: styles.row, total: styles.total }}
      />
      <div className={styles.payment}>
        <p className={styles.method}>
          <span className={styles.dot} aria-hidden="true" /> Cash on delivery
        </p>
        <p className={styles.small}>
          Pay with cash when your order arrives. Online payment can be arranged after ordering.
        </p>
      </div>
      <p className={styles.small}>
        Your personal data will be used to process your order and support your experience throughout this
        website, as described in our <Link to="/privacy-policy">privacy policy</Link>.
      </p>
      <p role="status" className={offline ? styles.offline : styles.online}>
        {offline ? OFFLINE_ORDER : lowered ? LINES_LOWERED : null}
      </p>
      {refusal && onLower ? <StockRefusalNotice onLower={onLower} /> : null}
      {failed ? <Notice>{ORDER_FAILED}</Notice> : null}
      <Button type="submit" variant="accent" block disabled={processing}>
        {processing ? 'Processing Order...' : 'Place Order'}
      </Button>
    </Panel>
  );
}
