import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useFocusTrap } from './use-focus-trap';

interface DialogOptions {
  open: boolean;
  onClose: () => void;
  /** While true, requestClose (Escape, and whatever else the dialog wires to it) does nothing. */
  busy?: boolean;
  /** Where focus starts when the dialog opens (see useFocusTrap). */
  initialFocus?: 'panel' | 'first-control';
}

/**
 * The wiring every modal panel (Modal, Drawer) shares: role="dialog" + aria-modal titled by its heading,
 * Escape closes, Tab stays inside and focus goes back to the opener on close. Spread `panelProps` on the
 * panel, give the heading `id={titleId}` and wire the x and the overlay to `requestClose`.
 *
 * onClose and busy are read through refs so a parent re-rendering with a new onClose does not re-run the
 * open effect (which would steal focus back to the first field while the user types). Call it after any
 * scroll lock effect, so the page locks before focus moves in and unlocks before focus goes back.
 */
export function useDialog({ open, onClose, busy = false, initialFocus = 'panel' }: DialogOptions) {
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  const busyRef = useRef(busy);
  useEffect(() => {
    onCloseRef.current = onClose;
    busyRef.current = busy;
  });
  const { ref, onTabKey } = useFocusTrap<HTMLDivElement>(open, initialFocus);

  const requestClose = () => {
    if (!busyRef.current) onCloseRef.current();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      requestClose();
      return;
    }
    onTabKey(e);
  };

  return {
    titleId,
    requestClose,
    panelProps: {
      ref,
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': titleId,
      tabIndex: -1,
      onKeyDown,
    } as const,
  };
}
