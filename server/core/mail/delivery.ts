/**
 * A mail's delivery steps, as pure row changes the sender (server/mail/sender.ts) writes through the mail
 * table: claim the due ones (a lease, so a sender that dies lets another take them after it runs out),
 * then record the outcome. Transient failures (no connection, timeouts, SMTP 4xx) wait a growing delay,
 * the first 10 s, summing to about a day; a permanent one (SMTP 5xx) or the last try marks it failed.
 */
import type { StoredMail } from '../records';
import { MAIL_KEEP } from './outbox';

const S = 1_000;
const M = 60 * S;
const H = 60 * M;
export const RETRY_DELAYS_MS = [10 * S, 30 * S, 90 * S, 5 * M, 15 * M, 45 * M, 2 * H, 4 * H, 8 * H, 8 * H];
/** How long a claimed mail is one sender's: far longer than one SMTP exchange with its timeouts. */
export const LEASE_MS = 2 * M;

const iso = (ms: number): string => new Date(ms).toISOString();

export function isDue(m: StoredMail, now: number): boolean {
  if (m.state === 'queued') return m.next_attempt_at === null || Date.parse(m.next_attempt_at) <= now;
  // A claim whose sender died (kill -9) runs out and the mail is tried again, with the same Message-ID.
  return m.state === 'sending' && (m.lease_until === null || Date.parse(m.lease_until) <= now);
}

export const claim = (m: StoredMail, now: number): StoredMail => ({
  ...m,
  state: 'sending',
  attempts: m.attempts + 1,
  lease_until: iso(now + LEASE_MS),
});

export const delivered = (m: StoredMail, now: number): StoredMail => ({
  ...m,
  state: 'sent',
  sent_at: iso(now),
  last_error: null,
  next_attempt_at: null,
  lease_until: null,
});

export function attemptFailed(
  m: StoredMail,
  now: number,
  error: { permanent: boolean; message: string },
): StoredMail {
  const delay = RETRY_DELAYS_MS[m.attempts - 1];
  const last_error = error.message.slice(0, 1_000);
  if (error.permanent || delay === undefined)
    return { ...m, state: 'failed', last_error, next_attempt_at: null, lease_until: null };
  return { ...m, state: 'queued', last_error, next_attempt_at: iso(now + delay), lease_until: null };
}

/** The same for every attempt at a mail, so a resend after a crash is recognisable as the same mail. */
export const messageIdOf = (m: StoredMail, domain: string): string =>
  `<mail-${m.id}-${Date.parse(m.created_at)}@${domain}>`;

/**
 * The finished mails (sent, kept, failed) past the newest MAIL_KEEP, that were created before `before`
 * (the process's start: a mail of this run may still sit in the file of the write that caused it, see
 * server/store/mail-sink.ts, and must not come back as new at the next start).
 */
export function prunable(rows: readonly StoredMail[], before: number, keep = MAIL_KEEP): number[] {
  const finished = rows.filter((m) => m.state === 'sent' || m.state === 'kept' || m.state === 'failed');
  if (finished.length <= keep) return [];
  return finished
    .sort((a, b) => b.id - a.id)
    .slice(keep)
    .filter((m) => Date.parse(m.created_at) < before)
    .map((m) => m.id);
}
