import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import styles from './toast.module.css';

/** How long a success toast of the admin and the account stays: long enough to read, then it goes. */
export const TOAST_READ_MS = 6000;

/** A message shown for `ms` milliseconds; showing it again restarts the clock; dismiss hides it now. */
export function useToast(ms: number) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  const dismiss = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, dismiss };
}

interface ToastProps {
  message: string | null;
  /** With it the toast has a Dismiss (×) button. */
  onDismiss?: () => void;
}

/**
 * The transient message at the bottom of the screen (Cart updated, Status updated, Password changed). The live
 * region is always in the page and only its text changes, which is what screen readers need to announce it
 * reliably.
 */
export function Toast({ message, onDismiss }: ToastProps) {
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {message ? (
        <p className={styles.toast}>
          <span>{message}</span>
          {onDismiss ? (
            <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={onDismiss}>
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/*
 * The app's one toast (issue 27): any screen calls showToast('Status updated') and the ToastRegion that the shop
 * layout mounts once shows it, so a list of many rows (the orders' status selects) still has one live region.
 */
type Shown = { text: string } | null;
let shown: Shown = null;
let clock: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function publish(next: Shown) {
  shown = next;
  for (const listener of listeners) listener();
}

/** Shows `text` in the app's toast for `ms` (a new message replaces the one showing and restarts the clock). */
export function showToast(text: string, ms = TOAST_READ_MS) {
  clearTimeout(clock);
  publish({ text });
  clock = setTimeout(() => publish(null), ms);
}

export function dismissToast() {
  clearTimeout(clock);
  publish(null);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mounted once (shop layout, and a test that checks a toast): the live region of showToast. */
export function ToastRegion() {
  const current = useSyncExternalStore(
    subscribe,
    () => shown,
    () => null,
  );
  return <Toast message={current?.text ?? null} onDismiss={dismissToast} />;
}
