import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import { useFocusTrap } from './use-focus-trap';
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
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const saved = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = saved;
    };
  }, [open]);
  const { ref: panelRef, onTabKey } = useFocusTrap<HTMLDivElement>(open);

  if (!open) return null;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCloseRef.current();
      return;
    }
    onTabKey(e);
  };

  return createPortal(
    <>
      <div className={styles.overlay} data-testid="drawer-overlay" onClick={() => onCloseRef.current()} />
      <div
        ref={panelRef}
        className={`${styles.panel} ${styles[side]}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label="Close" onClick={() => onCloseRef.current()}>
            <CloseIcon />
          </button>
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </>,
    document.body,
  );
}
