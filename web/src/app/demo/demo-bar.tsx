import { lazy, Suspense, useState } from 'react';
import styles from './demo-bar.module.css';

/** The demo's pretend network as the bar sees it (mock-api/demo-network.ts; web/src/main.tsx hands it over). */
export interface DemoOfflineSwitch {
  isOffline: () => boolean;
  setOffline: (offline: boolean) => void;
}

/** The dialog and the admin screens it reuses load on the first click only. */
const DemoMailbox = lazy(() => import('./demo-mailbox').then((m) => ({ default: m.DemoMailbox })));

interface Props {
  network: DemoOfflineSwitch;
  /** A bearer token of the demo's admin, for the Mailbox dialog. */
  adminToken: () => Promise<string>;
}

/**
 * A thin strip above the shop, in demo mode only (main.tsx loads it with the mock): it says this is the demo and
 * holds the Offline mode switch, which makes the mock's API fail like a lost connection so the outbox can be shown
 * (Place Order saves the order on the device; switching back sends it), and the Mailbox button, which shows the
 * mails the demo would have sent (issue 26). It sits in the page's flow, not over it, so it covers nothing on a
 * phone; the pressed state is the switch's state and its name never changes.
 */
export function DemoBar({ network, adminToken }: Props) {
  const [offline, setOffline] = useState(network.isOffline);
  const [mailbox, setMailbox] = useState(false);
  const toggle = () => {
    const next = !offline;
    network.setOffline(next);
    setOffline(next);
  };
  return (
    <aside className={styles.bar} aria-label="Demo controls">
      <span>
        Demo store<span className={styles.more}>: everything runs in this browser</span>
      </span>
      <span className={styles.controls}>
        <button
          type="button"
          className={styles.button}
          aria-haspopup="dialog"
          onClick={() => setMailbox(true)}
        >
          Mailbox
        </button>
        <button type="button" className={styles.switch} aria-pressed={offline} onClick={toggle}>
          <span className={styles.track} aria-hidden="true" />
          Offline mode
        </button>
      </span>
      {mailbox && (
        <Suspense fallback={null}>
          <DemoMailbox adminToken={adminToken} onClose={() => setMailbox(false)} />
        </Suspense>
      )}
    </aside>
  );
}
