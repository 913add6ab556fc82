import { useState } from 'react';
import styles from './demo-bar.module.css';

/** The demo's pretend network as the bar sees it (mock-api/demo-network.ts; web/src/main.tsx hands it over). */
export interface DemoOfflineSwitch {
  isOffline: () => boolean;
  setOffline: (offline: boolean) => void;
}

/**
 * A thin strip above the shop, in demo mode only (main.tsx loads it with the mock): it says this is the demo and
 * holds the Offline mode switch, which makes the mock's API fail like a lost connection so the outbox can be shown
 * (Place Order saves the order on the device; switching back sends it). It sits in the page's flow, not over it,
 * so it covers nothing on a phone; the pressed state is the switch's state and its name never changes.
 */
export function DemoBar({ network }: { network: DemoOfflineSwitch }) {
  const [offline, setOffline] = useState(network.isOffline);
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
      <button type="button" className={styles.switch} aria-pressed={offline} onClick={toggle}>
        <span className={styles.track} aria-hidden="true" />
        Offline mode
      </button>
    </aside>
  );
}
