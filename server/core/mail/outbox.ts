/**
 * The room `mail/` (issue 26): the outbox's rows and the mails themselves. Use cases queue a mail by
 * returning `mail: mailer.queue(...)` in the change that causes it, so the mail lands in the same durable
 * write (server/store/mail-sink.ts); a sender outside the core delivers it later (delivery.ts). This
 * file also answers the admin's mailbox: the list, one mail, and Retry for a failed one.
 */
import type { MailKind, MailDetail, MailList, MailListQuery, MailSummary } from '#contract/schemas/mail';
import { isAccountMail, MAIL_LIMIT_DEFAULT } from '#contract/schemas/mail';
import { DomainError, notFound } from '../api/errors';
import type { CoreDeps } from '../ports';
import type { MailDraft, StoredMail } from '../records';
import type { MailContent } from './layout';
import { frame } from './layout';
import { oneLine } from './markup';

/** One bare address: no spaces, commas, brackets or line breaks, so a recipient can never become two or a header. */
const ADDRESS = /^[^\s@,;<>"()]+@[^\s@,;<>"()]+$/;

/** Sent, kept and failed mails kept in the outbox: older ones go (retention.ts). */
export const MAIL_KEEP = 1_000;

const summaryOf = (m: StoredMail): MailSummary => ({
  id: m.id,
  kind: m.kind,
  to: m.to,
  subject: m.subject,
  state: m.state,
  attempts: m.attempts,
  lastError: m.last_error,
  nextAttemptAt: m.state === 'queued' ? m.next_attempt_at : null,
  createdAt: m.created_at,
  sentAt: m.sent_at,
  account: isAccountMail(m.kind),
});

export function createMailer({ stores, clock, mail: settings }: CoreDeps) {
  const table = stores.mail;
  /** Administrators' ids, kept current, so an order's alert does not scan every account. */
  const admins = new Set<number>();
  if (settings && table && !settings.alertsTo.length) {
    for (const u of stores.users.all()) if (u.is_admin === 1) admins.add(u.id);
    stores.users.subscribe(({ put, removed }) => {
      for (const u of removed) admins.delete(u.id);
      for (const u of put) if (u.is_admin === 1) admins.add(u.id);
    });
  }
  const delivering = Boolean(settings?.delivering && table);

  /** The mail, ready to ride in a change; none when this store or setup keeps no mail. */
  function queue(
    kind: MailKind,
    to: readonly string[],
    build: (s: NonNullable<typeof settings>) => MailContent,
  ): MailDraft[] {
    const recipients = [...new Set(to.map((t) => t.trim()).filter((t) => ADDRESS.test(t)))];
    if (!settings || !table || !recipients.length) return [];
    const content = build(settings);
    const { html, text } = frame(settings, content);
    const now = clock.now().toISOString();
    return [
      {
        kind,
        to: recipients.join(', '),
        subject: oneLine(content.subject),
        html,
        text,
        state: settings.delivering ? 'queued' : 'kept',
        attempts: 0,
        last_error: null,
        next_attempt_at: settings.delivering ? now : null,
        created_at: now,
        sent_at: null,
        lease_until: null,
      },
    ];
  }

  /** Where the new-order alert goes: ORDER_ALERTS_TO, else every administrator. */
  const alertRecipients = (): string[] =>
    settings?.alertsTo.length
      ? [...settings.alertsTo]
      : [...admins].flatMap((id) => {
          const u = stores.users.get(id);
          return u ? [u.email] : [];
        });

  const mustGet = (id: number): StoredMail => {
    const m = table?.get(id);
    if (!m) throw notFound('Mail');
    return m;
  };

  return {
    enabled: Boolean(settings && table),
    settings,
    queue,
    alertRecipients,

    list(query: MailListQuery): MailList {
      const page = query.page ?? 1;
      const limit = query.limit ?? MAIL_LIMIT_DEFAULT;
      const rows = table?.all() ?? [];
      // Newest first: ids only grow, and the outbox is bounded (MAIL_KEEP plus the mails under way).
      const matching: StoredMail[] = [];
      for (let i = rows.length - 1; i >= 0; i--) {
        const m = rows[i]!;
        if (!query.state || m.state === query.state) matching.push(m);
      }
      matching.sort((a, b) => b.id - a.id);
      const items = matching.slice((page - 1) * limit, page * limit).map(summaryOf);
      return { items, total: matching.length, delivering };
    },

    /** With SMTP on, an account mail's body stays hidden: a reset link would let an admin take the account. */
    get(id: number): MailDetail {
      const m = mustGet(id);
      const hidden = delivering && isAccountMail(m.kind);
      return { ...summaryOf(m), html: hidden ? null : m.html, text: hidden ? null : m.text };
    },

    async retry(id: number): Promise<MailSummary> {
      if (!table) throw notFound('Mail');
      return table.change((get) => {
        const m = get(id);
        if (!m) throw notFound('Mail');
        if (m.state !== 'failed') throw new DomainError('conflict', 'Only a failed mail can be sent again');
        // A fresh schedule of tries (delivery.ts), starting now.
        const next: StoredMail = {
          ...m,
          state: 'queued',
          attempts: 0,
          next_attempt_at: clock.now().toISOString(),
          lease_until: null,
        };
        return { put: [next], result: summaryOf(next) };
      });
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
