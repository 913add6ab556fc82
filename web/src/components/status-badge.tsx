import type { ReactNode } from 'react';
import { LineIcon } from './icons';
import styles from './status-badge.module.css';

/**
 * Spec section 4 colours, shipped included, case-insensitive; anything else is neutral grey. `waiting` and
 * `refused` are the device's own states of an order saved offline (issue 12), never a server status.
 */
const KNOWN = ['pending', 'processing', 'shipped', 'completed', 'cancelled', 'waiting', 'refused'] as const;
type Kind = (typeof KNOWN)[number] | 'other';

function statusKind(status: string): Kind {
  const s = status.trim().toLowerCase();
  return (KNOWN as readonly string[]).includes(s) ? (s as Kind) : 'other';
}

/**
 * Small line icons per order status, drawn inline: emoji (⏳, 🚚) show as empty boxes on systems
 * without an emoji font, and a status badge must never look broken.
 */
const PATHS: Record<Kind, ReactNode> = {
  pending: (
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="M12 8v4l3 2" />
    </>
  ),
  processing: (
    <>
      <path d="M20 12a8 8 0 0 1-14.5 4.7M4 12a8 8 0 0 1 14.5-4.7" />
      <path d="M18.5 3v4.5H14M5.5 21v-4.5H10" />
    </>
  ),
  shipped: (
    <>
      <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
      <circle cx="7" cy="18" r="2" />
      <circle cx="17" cy="18" r="2" />
    </>
  ),
  completed: <path d="m5 12.5 4.5 4.5L19 7.5" />,
  cancelled: <path d="M6 6l12 12M18 6 6 18" />,
  waiting: (
    <>
      <path d="M7 18a4.5 4.5 0 1 1 .9-8.9A6 6 0 0 1 19 11a3.5 3.5 0 0 1-.5 7H7Z" />
      <path d="M12 11v5M9.5 13.5 12 11l2.5 2.5" />
    </>
  ),
  refused: (
    <>
      <circle cx="12" cy="12" r="8" />
      <path d="M12 8v5M12 16h.01" />
    </>
  ),
  other: <circle cx="12" cy="12" r="3" />,
};

/** The icon of an order status alone: the badge's, or larger on a page (the saved order's). */
export function StatusIcon({
  status,
  size = 14,
  strokeWidth = 2.2,
}: {
  status: string;
  size?: number;
  strokeWidth?: number;
}) {
  return (
    <LineIcon size={size} strokeWidth={strokeWidth}>
      {PATHS[statusKind(status)]}
    </LineIcon>
  );
}

/** An order status with its colour and icon; `label` is the text shown (the status as given by default). */
export function StatusBadge({ status, label = status }: { status: string; label?: string }) {
  const kind = statusKind(status);
  return (
    <span className={`${styles.badge} ${styles[kind]}`} data-status={kind}>
      <StatusIcon status={kind} />
      {label}
    </span>
  );
}
