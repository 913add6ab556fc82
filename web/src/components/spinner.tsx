import styles from './spinner.module.css';

/** A polite loading indicator; the label is read by screen readers and shown under the ring. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className={styles.wrap} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
