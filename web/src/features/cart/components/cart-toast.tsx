import styles from './cart-toast.module.css';

/**
 * The live region is always in the page and only its text changes, which is what screen readers need
 * to announce it reliably.
 */
export function CartToast({ message }: { message: string | null }) {
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {message ? <p className={styles.toast}>{message}</p> : null}
    </div>
  );
}
