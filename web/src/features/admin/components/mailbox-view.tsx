import { useState } from 'react';
import type { MailSummary } from '#contract/schemas/mail';
import { Notice } from '#web/components/notice';
import { Pagination } from '#web/components/pagination';
import { Spinner } from '#web/components/spinner';
import { ApiError } from '#web/lib/api-client';
import { MAIL_PAGE_SIZE, useMailbox, type MailFilter } from '../api/mail-list';
import { retryMail } from '../api/retry-mail';
import { LoadFailed } from './load-failed';
import { MailBanner } from './mail-banner';
import { MailFilters } from './mail-filters';
import { MailTable } from './mail-table';
import { MailViewer } from './mail-viewer';
import ui from './admin-ui.module.css';

interface Props {
  filter: MailFilter;
  onFilter: (next: MailFilter) => void;
  /** Read as this account instead of the signed-in one (the demo strip's mailbox). */
  token?: string | undefined;
  /** The demo says in its own words that nothing leaves the browser: no SMTP_URL advice there. */
  banner?: boolean;
}

/**
 * The mailbox: without SMTP_URL the mails kept instead of sent, with the banner saying so; with it, the
 * delivery log with a Retry for each failed mail. Shared by Admin → Mailbox and the demo strip, which keep the
 * filter in the URL and in the dialog respectively.
 */
export function MailboxView({ filter, onFilter, token, banner = true }: Props) {
  const { list, loading, error, refresh, replace } = useMailbox(filter, token);
  const [open, setOpen] = useState<MailSummary | null>(null);
  const [retrying, setRetrying] = useState<number | null>(null);
  const [retryFailed, setRetryFailed] = useState<string | null>(null);

  const retry = (mail: MailSummary) => {
    setRetrying(mail.id);
    setRetryFailed(null);
    retryMail(mail.id, token)
      .then(replace, (err: unknown) =>
        setRetryFailed((err instanceof ApiError && err.serverMessage) || 'Could not retry the mail'),
      )
      .finally(() => setRetrying(null));
  };

  let body;
  if (error && !loading && !list) {
    body = <LoadFailed what="the mailbox" onRetry={refresh} />;
  } else if (!list) {
    body = <Spinner label="Loading mail..." />;
  } else if (list.items.length === 0) {
    body = (
      <p className={`${ui.card} ${ui.center}`}>
        {list.total > 0
          ? 'This page is past the end of the mailbox.'
          : filter.state
            ? 'No mail in this state'
            : 'No mail yet'}
      </p>
    );
  } else {
    body = <MailTable list={list} busy={loading} retrying={retrying} onOpen={setOpen} onRetry={retry} />;
  }
  const pages = list ? Math.ceil(list.total / MAIL_PAGE_SIZE) : 0;

  return (
    <>
      {banner && list && !list.delivering && <MailBanner />}
      <MailFilters state={filter.state} onChange={(state) => onFilter({ page: 1, state })} />
      {retryFailed ? <Notice>{retryFailed}</Notice> : null}
      {body}
      {pages > 1 && (
        <Pagination
          page={Math.min(filter.page, pages)}
          totalPages={pages}
          onChange={(page) => onFilter({ ...filter, page })}
          label="Mailbox pages"
        />
      )}
      {open && <MailViewer mail={open} token={token} onClose={() => setOpen(null)} />}
    </>
  );
}
