import { Button } from '#web/components/button';
import { applyUpdate, usePwaState } from '#web/lib/pwa';
import styles from './pwa-status.module.css';

/** Shown when a new version of the app has been downloaded and waits; Reload switches to it. */
export function UpdatePrompt() {
  const { updateReady } = usePwaState();
  if (!updateReady) return null;
  return (
    <div role="status" className={styles.toast}>
      <span>New version available</span>
      <Button variant="accent" size="small" onClick={applyUpdate}>
        Reload
      </Button>
    </div>
  );
}
