import type { MailList, MailSummary } from '#contract/schemas/mail';
import { ColumnHeads } from '#web/components/column-heads';
import { formatWhen } from './activity-format';
import { MAIL_KIND_LABELS } from './mail-format';
import { MailStateBadge } from './mail-state-badge';
import ui from './admin-ui.module.css';
import styles from './mail-page.module.css';

interface Props {
  /** With SMTP on (`delivering`), failed mails get a Retry button. */
  list: MailList;
  busy: boolean;
  retrying: number | null;
  onOpen: (mail: MailSummary) => void;
  onRetry: (mail: MailSummary) => void;
}

const COLUMNS = ['Recipient', 'Subject', 'Kind', 'State', 'Attempts', 'Last error', 'Next try', 'Created'];

function When({ at }: { at: string | null }) {
  return at ? <time dateTime={at}>{formatWhen(at)}</time> : <span className={ui.muted}>-</span>;
}

/** The mailbox as a table; on phones each row folds into a card (its cells labelled by data-label). */
export function MailTable({ list: { items, delivering }, busy, retrying, onOpen, onRetry }: Props) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} aria-label="Mails" aria-busy={busy}>
        <ColumnHeads names={COLUMNS} />
        <tbody>
          {items.map((m) => (
            <tr key={m.id}>
              <td data-label="Recipient" className={styles.recipient}>
                {m.to}
              </td>
              <td data-label="Subject" className={styles.subject}>
                <button type="button" className={styles.open} onClick={() => onOpen(m)}>
                  {m.subject}
                </button>
              </td>
              <td data-label="Kind">{MAIL_KIND_LABELS[m.kind]}</td>
              <td data-label="State">
                <span className={styles.stateCell}>
                  <MailStateBadge state={m.state} />
                  {delivering && m.state === 'failed' ? (
                    <button
                      type="button"
                      className={`${ui.secondary} ${ui.small}`}
                      aria-label={`Retry “${m.subject}” to ${m.to}`}
                      disabled={retrying === m.id}
                      onClick={() => onRetry(m)}
                    >
                      Retry
                    </button>
                  ) : null}
                </span>
              </td>
              <td data-label="Attempts">{m.attempts}</td>
              <td data-label="Last error" className={styles.error}>
                {m.lastError ?? <span className={ui.muted}>-</span>}
              </td>
              <td data-label="Next try">
                <When at={m.nextAttemptAt} />
              </td>
              <td data-label="Created">
                <When at={m.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
