import { InstallPrompt } from './install-prompt';
import { OfflineBanner } from './offline-banner';
import { SavedOrdersNotice } from './saved-orders-notice';
import { UpdatePrompt } from './update-prompt';
import styles from './pwa-status.module.css';

/**
 * The app's own notices, in a chunk of their own: none of them has anything to say at the first paint (the
 * network state is the browser's, known only there), so they stay out of the first load (its 100 kB budget) and
 * come in just after hydration, as the outbox they drive always did. The offline bar under the header (an empty
 * live region until the connection drops), and in a corner the saved orders, update and install offers.
 */
export function PwaNotices() {
  return (
    <>
      <OfflineBanner />
      <div className={styles.corner}>
        <SavedOrdersNotice />
        <UpdatePrompt />
        <InstallPrompt />
      </div>
    </>
  );
}
