import type { MailDetail, MailSummary } from '#contract/schemas/mail';
import { Modal } from '#web/components/modal';
import { Spinner } from '#web/components/spinner';
import { useMail } from '../api/mail-detail';
import { formatWhen } from './activity-format';
import { LoadFailed } from './load-failed';
import { linksIn, MAIL_KIND_LABELS } from './mail-format';
import { MailStateBadge } from './mail-state-badge';
import styles from './mail-page.module.css';

interface Props {
  mail: MailSummary;
  token?: string | undefined;
  onClose: () => void;
}

/**
 * The mail's HTML is drawn in an iframe with an empty sandbox: no script runs, it has no origin of ours (so it
 * can read no token or cookie), and it cannot navigate this page; its links are listed under the text instead.
 */
function MailBody({ detail }: { detail: MailDetail }) {
  if (detail.html === null && detail.text === null) {
    return (
      <p className={styles.withheld}>
        The body of an account mail is not shown while mail is being delivered: it may hold a link that signs
        its reader in to the shopper&apos;s account.
      </p>
    );
  }
  const links = detail.text ? linksIn(detail.text) : [];
  return (
    <>
      {detail.html !== null && (
        <section aria-labelledby="mail-html" className={styles.part}>
          <h3 id="mail-html" className={styles.partTitle}>
            HTML
          </h3>
          <iframe className={styles.frame} title="The mail as HTML" sandbox="" srcDoc={detail.html} />
        </section>
      )}
      {detail.text !== null && (
        <section aria-labelledby="mail-text" className={styles.part}>
          <h3 id="mail-text" className={styles.partTitle}>
            Plain text
          </h3>
          {/* It scrolls on its own: focusable, so a keyboard can scroll it too. */}
          <pre className={styles.text} tabIndex={0} aria-labelledby="mail-text">
            {detail.text}
          </pre>
        </section>
      )}
      {links.length > 0 && (
        <section aria-labelledby="mail-links" className={styles.part}>
          <h3 id="mail-links" className={styles.partTitle}>
            Links in this mail
          </h3>
          <ul className={styles.links}>
            {links.map((href) => (
              <li key={href}>
                <a href={href} rel="noreferrer">
                  {href}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** One mail: who it went to, its delivery, and its HTML and text parts. */
export function MailViewer({ mail, token, onClose }: Props) {
  const { data, error, refresh } = useMail(mail.id, token);
  let body;
  if (error) {
    body = <LoadFailed what="this mail" onRetry={refresh} card={false} />;
  } else if (!data) {
    body = <Spinner label="Loading the mail..." />;
  } else {
    body = <MailBody detail={data} />;
  }
  return (
    <Modal open title={mail.subject} onClose={onClose} size="lg">
      <dl className={styles.facts}>
        <dt>To</dt>
        <dd>{mail.to}</dd>
        <dt>Kind</dt>
        <dd>{MAIL_KIND_LABELS[mail.kind]}</dd>
        <dt>State</dt>
        <dd>
          <MailStateBadge state={data?.state ?? mail.state} />
        </dd>
        <dt>Created</dt>
        <dd>{formatWhen(mail.createdAt)}</dd>
        {mail.sentAt && (
          <>
            <dt>Sent</dt>
            <dd>{formatWhen(mail.sentAt)}</dd>
          </>
        )}
      </dl>
      {body}
    </Modal>
  );
}
