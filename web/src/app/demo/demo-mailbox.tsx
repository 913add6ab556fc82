import { useState } from 'react';
import { Modal } from '#web/components/modal';
import { Spinner } from '#web/components/spinner';
import { MailboxView } from '#web/features/admin/components/mailbox-view';
import { NO_MAIL_FILTER } from '#web/features/admin/api/mail-list';
import { useQuery } from '#web/lib/use-query';

interface Props {
  /** A bearer token of the demo's admin, minted by the mock backend (main.tsx hands it over). */
  adminToken: () => Promise<string>;
  onClose: () => void;
}

/**
 * The demo's mails in a dialog, read with the demo admin's token: a shopper who just ordered or asked for a
 * reset link sees the mail without signing out, and can follow its link from here. Same screen as Admin →
 * Mailbox (the same call, the same view), so the demo shows what a shop owner would see.
 */
export function DemoMailbox({ adminToken, onClose }: Props) {
  const [filter, setFilter] = useState(NO_MAIL_FILTER);
  const { data: token, error } = useQuery(['demoAdminToken'], () => adminToken());
  let body;
  if (error) {
    body = (
      <p role="alert">
        The demo admin could not be signed in (was its password changed?). Open{' '}
        <a href="?reset-demo">the demo afresh</a> to bring it back.
      </p>
    );
  } else if (!token) {
    body = <Spinner label="Opening the mailbox..." />;
  } else {
    body = <MailboxView filter={filter} onFilter={setFilter} token={token} banner={false} />;
  }
  return (
    <Modal open title="Demo mailbox" onClose={onClose} size="lg">
      <p>
        Everything the demo store would send: order confirmations, the owner&apos;s alerts, status news and
        password resets. Nothing leaves this browser.
      </p>
      {body}
    </Modal>
  );
}
