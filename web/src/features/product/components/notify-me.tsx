import { Link } from 'react-router';
import { Button } from '#web/components/button';
import { useBackInStock } from '../use-back-in-stock';
import styles from './product-detail.module.css';

interface Props {
  productId: number;
  size: string;
  color: string;
  checkPicks: () => boolean;
}

/** Where sign-in comes back to: this product with the same size and colour chosen. */
export function productPath(productId: number, size: string, color: string): string {
  const query = new URLSearchParams();
  if (size) query.set('size', size);
  if (color) query.set('color', color);
  const qs = query.toString();
  return `/product/${productId}${qs ? `?${qs}` : ''}`;
}

/**
 * Notify me when it's back, under a sold-out size and colour. Pressed without both picks it shows which is
 * missing, as Add to Cart does; once asked (now or on an earlier visit) it reads We'll let you know. Pressed
 * signed out, it says a sign-in is needed and why, with a Sign in link that comes back to this choice.
 */
export function NotifyMe({ productId, size, color, checkPicks }: Props) {
  const { requested, sending, error, ask, signInFrom } = useBackInStock({
    productId,
    size,
    color,
    returnTo: productPath(productId, size, color),
  });
  const press = () => {
    if (checkPicks()) void ask();
  };
  return (
    <div className={styles.notify} aria-live="polite">
      {requested ? (
        <Button variant="ghost" block disabled className={styles.notified}>
          <span aria-hidden="true">✓</span> We'll let you know
        </Button>
      ) : (
        <Button variant="primary" block onClick={press} disabled={sending} aria-busy={sending}>
          Notify me when it's back
        </Button>
      )}
      {signInFrom ? (
        <p className={styles.signInNote} role="status">
          Sign in so we can tell you when this size and colour is back.{' '}
          <Link to="/login" state={{ from: signInFrom }}>
            Sign in
          </Link>
        </p>
      ) : null}
      {error ? (
        <p className={styles.notifyError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
