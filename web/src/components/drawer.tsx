import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import { useDialog } from './use-dialog';
import styles from './drawer.module.css';

/**
 * A slide-in side panel (mobile menu, listing filters): a modal dialog that closes by Escape, the x and the
 * overlay, keeps Tab inside while open and gives focus back to the control that opened it.
 */
interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  side?: 'left' | 'right';
  children: ReactNode;
}

export function Drawer({ open, title, onClose, side = 'left', children }: Props) {
  useEffect(() => {
    if (!open) return;
    const saved = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = saved;
    };
  }, [open]);
  const { titleId, requestClose, panelProps } = useDialog({ open, onClose });

  if (!open) return null;

  return createPortal(
    <>
      <div className={styles.overlay} data-testid="drawer-overlay" onClick={requestClose} />
      <div {...panelProps} className={`${styles.panel} ${styles[side]}`}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label="Close" onClick={requestClose}>
            <CloseIcon />
          </button>
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </>,
    document.body,
  );
}
