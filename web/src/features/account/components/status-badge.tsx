import { StatusIcon } from './status-icon';
import styles from './status-badge.module.css';

/** Spec section 4 colours, shipped included (our fix), case-insensitive; anything else is neutral grey. */
const KNOWN = ['pending', 'processing', 'shipped', 'completed', 'cancelled'] as const;
type Known = (typeof KNOWN)[number];

export function statusKind(status: string): Known | 'other' {
  const s = status.trim().toLowerCase();
  return (KNOWN as readonly string[]).includes(s) ? (s as Known) : 'other';
}

export function StatusBadge({ status }: { status: string }) {
  const kind = statusKind(status);
  const label = status.trim() ? status.trim().toLowerCase() : 'unknown';
  return (
    <span className={`${styles.badge} ${styles[kind]}`} data-status={kind}>
      <StatusIcon kind={kind} />
      {label}
    </span>
  );
}
