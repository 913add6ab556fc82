import { ClientOnly } from '#web/components/client-only';
import { InstallPrompt } from './install-prompt';
import { OfflineBanner } from './offline-banner';
import { SavedOrdersNotice } from './saved-orders-notice';
import { UpdatePrompt } from './update-prompt';
import styles from './pwa-status.module.css';

/** The app's own notices: offline state under the header; saved orders, update and install offers in a corner. */
export function PwaStatus() {
  return (
    <>
      <OfflineBanner />
      <div className={styles.corner}>
        <SavedOrdersNotice />
        <UpdatePrompt />
        <ClientOnly>
          <InstallPrompt />
        </ClientOnly>
      </div>
    </>
  );
}
