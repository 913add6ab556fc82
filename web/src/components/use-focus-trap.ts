import { useEffect, useRef, type KeyboardEvent } from 'react';

/**
 * Keeps keyboard focus inside an open dialog panel (modal, drawer): focuses into the panel on open, wraps
 * Tab and Shift+Tab at its ends, and gives focus back to whatever opened it on close.
 */
const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** Marks a control (the dialog's x) that 'first-control' skips when choosing where focus starts. */
const SKIP_INITIAL_FOCUS = 'data-modal-close';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert'));
}

/**
 * initial: 'panel' focuses the panel itself; 'first-control' prefers the first control not marked with
 * SKIP_INITIAL_FOCUS (data-modal-close), so typing can start at once. Put ref on the panel (tabIndex -1) and
 * call onTabKey from its onKeyDown.
 */
export function useFocusTrap<T extends HTMLElement>(
  open: boolean,
  initial: 'panel' | 'first-control' = 'panel',
) {
  const ref = useRef<T>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = ref.current;
    if (panel) {
      const first =
        initial === 'first-control'
          ? focusables(panel).find((el) => !el.hasAttribute(SKIP_INITIAL_FOCUS))
          : undefined;
      (first ?? panel).focus();
    }
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initial]);

  /** Wraps Tab at the panel's ends; other keys pass through. */
  const onTabKey = (e: KeyboardEvent<T>) => {
    const panel = ref.current;
    if (e.key !== 'Tab' || !panel) return;
    const items = focusables(panel);
    if (items.length === 0) {
      e.preventDefault();
      panel.focus();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === panel)) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first?.focus();
    }
  };

  return { ref, onTabKey };
}
