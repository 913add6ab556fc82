import { Button } from './button';
import styles from './load-failed.module.css';

/**
 * A screen, list or dialog whose data did not come (a 5xx, a timeout): says so as an alert, with a way to ask
 * again. Not for real emptiness (the empty states stay) nor for offline (its own banner and saved data).
 */
export function LoadFailed({
  what,
  onRetry,
  className,
}: {
  /** What did not load, as in "Could not load {what}." */
  what: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={[styles.box, className].filter(Boolean).join(' ')} role="alert">
      <p>Could not load {what}.</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
