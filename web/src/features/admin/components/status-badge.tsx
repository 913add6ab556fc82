import type { ComponentType, SVGProps } from 'react';
import { CheckCircleIcon, ClockIcon, CogIcon, InfoIcon, TruckIcon, XCircleIcon } from './icons';
import styles from './status-badge.module.css';

const LOOKS: Record<string, { icon: ComponentType<SVGProps<SVGSVGElement>>; className: string | undefined }> =
  {
    pending: { icon: ClockIcon, className: styles.pending },
    processing: { icon: CogIcon, className: styles.processing },
    shipped: { icon: TruckIcon, className: styles.shipped },
    completed: { icon: CheckCircleIcon, className: styles.completed },
    cancelled: { icon: XCircleIcon, className: styles.cancelled },
  };

/** Status colour and icon (spec section 4); any status we do not know is grey with an info icon. */
export function StatusBadge({ status }: { status: string }) {
  const look = LOOKS[status.toLowerCase()] ?? { icon: InfoIcon, className: styles.other };
  const Icon = look.icon;
  return (
    <span className={`${styles.badge} ${look.className ?? ''}`} data-status={status.toLowerCase()}>
      <Icon width={14} height={14} />
      {status}
    </span>
  );
}
