import { useEffect } from 'react';
import { loadLastSynced } from '#web/lib/catalogue-cache';
import { useNetworkStatus } from '#web/lib/network-status';
import styles from './pwa-status.module.css';

function syncedText(at: number | null): string {
  if (at === null) return 'Pages you have not opened yet may be unavailable.';
  const when = new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return `Showing the catalogue saved ${when}.`;
}

/** A thin bar while offline: browsing goes on from the saved catalogue, and says how fresh it is. */
export function OfflineBanner() {
  const { offline, lastSyncedAt } = useNetworkStatus();
  useEffect(() => {
    if (offline) void loadLastSynced();
  }, [offline]);
  return (
    <div
      role="status"
      aria-live="polite"
      className={offline ? styles.offline : styles.hidden}
      data-testid="offline-banner"
    >
      {offline ? (
        <>
          <strong>You&apos;re offline.</strong> {syncedText(lastSyncedAt)}
        </>
      ) : null}
    </div>
  );
}
