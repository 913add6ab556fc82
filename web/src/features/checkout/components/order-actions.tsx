import { Link } from 'react-router';
import { buttonClass } from '#web/components/button';
import styles from './order-success-page.module.css';

interface Action {
  to: string;
  label: string;
}

const HOME: Action = { to: '/', label: 'Back to Home' };

/** The two ways on under an order's message: the primary one, then `then` (back home unless said). */
export function OrderActions({ to, label, then = HOME }: Action & { then?: Action }) {
  return (
    <div className={styles.actions}>
      <Link to={to} className={buttonClass({ variant: 'primary' })}>
        {label}
      </Link>
      <Link to={then.to} className={buttonClass({ variant: 'secondary' })}>
        {then.label}
      </Link>
    </div>
  );
}
