import { useSearchParams } from 'react-router';
import { PageMeta } from '#web/components/page-meta';
import { mailFilterFromParams, mailFilterToParams } from '../api/mail-list';
import { MailboxView } from './mailbox-view';
import ui from './admin-ui.module.css';

/** /admin/mail (issue 26): the store's mails, newest first; the state filter and the page live in the URL. */
export function MailPage() {
  const [params, setParams] = useSearchParams();
  const filter = mailFilterFromParams(params);
  return (
    <section aria-labelledby="mail-title">
      <PageMeta title="Admin Mailbox" description="The mails the store sends, and their delivery." />
      <header className={ui.pageHeader}>
        <div>
          <h1 id="mail-title" className={ui.pageTitle}>
            Mailbox
          </h1>
          <p className={ui.pageSubtitle}>Every mail the store writes, newest first.</p>
        </div>
      </header>
      <MailboxView
        filter={filter}
        onFilter={(next) => setParams(mailFilterToParams(next), { replace: next.page === filter.page })}
      />
    </section>
  );
}
