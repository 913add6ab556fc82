import { useSearchParams } from 'react-router';
import { mailFilterFromParams, mailFilterToParams } from '../api/mail-list';
import { AdminPage } from './admin-page';
import { MailboxView } from './mailbox-view';

/** /admin/mail (issue 26): the store's mails, newest first; the state filter and the page live in the URL. */
export function MailPage() {
  const [params, setParams] = useSearchParams();
  const filter = mailFilterFromParams(params);
  return (
    <AdminPage page="mail" subtitle="Every mail the store writes, newest first.">
      <MailboxView
        filter={filter}
        onFilter={(next) => setParams(mailFilterToParams(next), { replace: next.page === filter.page })}
      />
    </AdminPage>
  );
}
