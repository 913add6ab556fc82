import { LoadFailed as SharedLoadFailed } from '#web/components/load-failed';
import ui from './admin-ui.module.css';

/** The shop's LoadFailed, on an admin card unless it sits inside a dialog (`card={false}`). */
export function LoadFailed({ what, onRetry, card = true }: { what: string; onRetry: () => void; card?: boolean }) {
  const failed = <SharedLoadFailed what={what} onRetry={onRetry} />;
  return card ? <div className={ui.card}>{failed}</div> : failed;
}
