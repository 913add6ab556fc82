import { useState } from 'react';
import { Button } from '#web/components/button';
import { needsIosInstallHint, promptInstall, usePwaState } from '#web/lib/pwa';
import styles from './pwa-status.module.css';

const DISMISSED_KEY = 'installHintDismissed';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Install app: offered when the browser fires beforeinstallprompt; on iOS Safari (no such event) a short
 * hint says how to add the app from the Share menu. Either can be dismissed, and stays dismissed.
 */
export function InstallPrompt() {
  const { canInstall } = usePwaState();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const [ios] = useState(needsIosInstallHint);
  if (dismissed || (!canInstall && !ios)) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // private mode: dismissed for this visit only
    }
  };
  return (
    <div className={styles.toast} role="region" aria-label="Install Threadline">
      {canInstall ? (
        <Button variant="primary" size="small" onClick={() => void promptInstall()}>
          Install app
        </Button>
      ) : (
        <span>
          Install Threadline: tap <strong>Share</strong>, then <strong>Add to Home Screen</strong>.
        </span>
      )}
      <button type="button" className={styles.close} onClick={dismiss} aria-label="Dismiss install hint">
        ×
      </button>
    </div>
  );
}
