import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { readToken } from '#web/lib/api-client';
import { useAtomValue } from '#web/lib/jotai';
import { userAtom } from '#web/lib/session/auth-atoms';
import styles from './pwa-status.module.css';

export const SAVED_ORDER_PLACED = 'Your saved order was placed';
export const SAVED_ORDER_SIGN_IN = 'Sign in again to send your saved order';
const TOAST_MS = 8_000;

type Notice = { text: string; to: string; action: string } | null;

/**
 * The outbox is loaded after the first render: Dexie and the sender stay out of the first load. Not later
 * (lib/first-screen.ts waits seconds): a phone that loses its network before then could neither save an
 * order offline nor send it when the network returns, the module being neither loaded nor yet cached by the
 * service worker. A browser without IndexedDB has no outbox (Place Order then keeps the offline notice of
 * issue 6).
 */
const hasOutbox = () => typeof indexedDB !== 'undefined';
const loadOutbox = () =>
  Promise.all([import('#web/lib/outbox/outbox'), import('#web/lib/outbox/outbox-driver')]);

/**
 * Runs the outbox while the app is open (lib/outbox/outbox-driver.ts) and says what happened to the orders saved
 * offline: "Your saved order was placed" once per order, in one tab, and a request to sign in again when the
 * shop refused the saved token. A sign-in hands this account's saved orders its new token; a sign-out takes it
 * back, so no order is ever sent with another account's token.
 */
export function SavedOrdersNotice() {
  const user = useAtomValue(userAtom);
  const userId = useRef<number | null>(user?.id ?? null);
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => {
    if (!hasOutbox()) return;
    let stop = () => {};
    let cancelled = false;
    void loadOutbox().then(([, { startOutboxDriver }]) => {
      if (cancelled) return;
      const driver = startOutboxDriver({
        userId: () => userId.current,
        onPlaced: () => setNotice({ text: SAVED_ORDER_PLACED, to: '/profile', action: 'View orders' }),
        onNeedsSignIn: () => setNotice({ text: SAVED_ORDER_SIGN_IN, to: '/login', action: 'Sign in' }),
      });
      stop = driver.stop;
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, []);

  useEffect(() => {
    const previous = userId.current;
    userId.current = user?.id ?? null;
    if (!hasOutbox()) return;
    const token = readToken();
    void loadOutbox().then(([outbox]) => {
      if (user && token) void outbox.adoptToken(user.id, token);
      else if (!user && previous !== null) void outbox.forgetTokens(previous);
    });
  }, [user]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  if (!notice) return null;
  return (
    <div role="status" className={styles.toast}>
      <span>{notice.text}</span>
      <Link to={notice.to} onClick={() => setNotice(null)}>
        {notice.action}
      </Link>
      <button type="button" className={styles.close} aria-label="Dismiss" onClick={() => setNotice(null)}>
        ×
      </button>
    </div>
  );
}
