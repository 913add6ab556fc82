import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from './use-dialog';
import styles from './modal.module.css';

/**
 * The one dialog of the app (cart address popup, admin product and order modals).
 * Accessible by construction: role="dialog" + aria-modal, titled by its heading, closes by the x button,
 * by a click on the overlay and by Escape, keeps Tab inside while open, gives focus back to whatever
 * opened it, and locks the page scroll behind it. It renders into document.body through a portal so
 * no ancestor's overflow or z-index can clip it.
 */
export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Action row under the body (Cancel / Save, Close Details...). */
  footer?: ReactNode;
  /** Panel width: sm 420px, md 560px (default), lg 820px. */
  size?: 'sm' | 'md' | 'lg';
  /** Optional description element id for aria-describedby. */
  describedBy?: string;
  /** While true, Escape, the overlay and the x do nothing (e.g. a save is running). */
  busy?: boolean;
}

/** Several modals may be open at once (a confirm over an editor): only unlock when the last one closes. */
let openCount = 0;
let saved = { overflow: '', paddingRight: '' };

function lockScroll() {
  if (openCount === 0) {
    const body = document.body;
    saved = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    // Hiding the scrollbar would widen the page and make everything behind the dialog jump sideways.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    body.style.overflow = 'hidden';
  }
  openCount += 1;
}

function unlockScroll() {
  openCount = Math.max(0, openCount - 1);
  if (openCount === 0) {
    document.body.style.overflow = saved.overflow;
    document.body.style.paddingRight = saved.paddingRight;
  }
}

export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  size = 'md',
  describedBy,
  busy = false,
}: ModalProps) {
  const downOnOverlay = useRef<boolean | null>(null);
  useEffect(() => {
    if (!open) return;
    lockScroll();
    return unlockScroll;
  }, [open]);
  // Declared after the scroll lock so the page locks before focus moves in and unlocks before focus goes
  // back to the opener. Focus starts on the first form control, not the x.
  const { titleId, requestClose, panelProps } = useDialog({
    open,
    onClose,
    busy,
    initialFocus: 'first-control',
  });

  if (!open) return null;

  // Only a press that starts and ends on the overlay closes, so selecting text inside and releasing
  // outside does not dismiss the dialog.
  const onOverlayMouseDown = (e: MouseEvent<HTMLDivElement>) => {
    downOnOverlay.current = e.target === e.currentTarget;
  };
  const onOverlayClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.target === e.currentTarget && downOnOverlay.current !== false) requestClose();
    downOnOverlay.current = null;
  };

  return createPortal(
    <div
      className={styles.overlay}
      data-testid="modal-overlay"
      onMouseDown={onOverlayMouseDown}
      onClick={onOverlayClick}
    >
      <div {...panelProps} className={`${styles.panel} ${styles[size]}`} aria-describedby={describedBy}>
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button
            type="button"
            className={styles.close}
            aria-label="Close"
            data-modal-close="true"
            onClick={requestClose}
            disabled={busy}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
