import type { MailState } from '#contract/schemas/mail';
import { MAIL_STATE_LABELS } from './mail-format';
import styles from './mail-page.module.css';

/** A mail's state as a coloured pill; the word carries the meaning, the colour only repeats it. */
export function MailStateBadge({ state }: { state: MailState }) {
  return (
    <span className={styles.state} data-state={state}>
      {MAIL_STATE_LABELS[state]}
    </span>
  );
}
