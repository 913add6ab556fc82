import { useCallback, useId, useState, type ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';
import { Notice } from './notice';
import styles from './confirm-dialog.module.css';

interface ConfirmDialogProps {
  open: boolean;
  /** The question, word for word (Delete this product?): the dialog's name. */
  title: string;
  /** What will happen, read with the question (aria-describedby). */
  children?: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while the action runs (Deleting...). */
  busyLabel: string;
  busy: boolean;
  /** The failure, shown in the dialog (role="alert"); the dialog stays so the action can be retried. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Our confirmation (issue 27: never window.confirm): the shared Modal, so it is a labelled dialog that keeps
 * Tab inside, cancels on Escape, the x or the overlay, and gives focus back to the button that opened it.
 * Focus starts on Cancel, the safe answer; while the action runs nothing closes it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const bodyId = useId();
  return (
    <Modal
      open={open}
      size="sm"
      title={title}
      onClose={onCancel}
      busy={busy}
      describedBy={bodyId}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" className={styles.danger} onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <div id={bodyId} className={styles.body}>
        {children}
      </div>
      {error ? <Notice className={styles.error}>{error}</Notice> : null}
    </Modal>
  );
}

/**
 * The state of an action behind a ConfirmDialog: ask(item) opens it, the confirm runs `action` with the
 * dialog open (busy), closes on success and shows `failure` in the dialog otherwise.
 */
export function useConfirmedAction<T>(action: (item: T) => Promise<void>, failure: string) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ask = useCallback((item: T) => {
    setError(null);
    setTarget(item);
  }, []);

  const onConfirm = () => {
    if (target === null || busy) return;
    setBusy(true);
    setError(null);
    action(target).then(
      () => {
        setBusy(false);
        setTarget(null);
      },
      () => {
        setBusy(false);
        setError(failure);
      },
    );
  };

  const onCancel = () => {
    if (!busy) setTarget(null);
  };

  return {
    /** The item asked about (null when the dialog is closed). */
    target,
    busy,
    ask,
    dialog: { open: target !== null, busy, error, onConfirm, onCancel },
  };
}
