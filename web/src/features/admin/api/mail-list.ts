import type { MailList, MailState, MailSummary } from '#contract/schemas/mail';
import { MAIL_STATES } from '#contract/schemas/mail';
import { api } from '#web/lib/api-client';
import { useQuery } from '#web/lib/use-query';

export const MAIL_PAGE_SIZE = 20;
/** The log moves on its own (the sender works after each commit): a visible mailbox looks again this often. */
const MAIL_POLL_MS = 15_000;

export interface MailFilter {
  page: number;
  /** '' for every state. */
  state: MailState | '';
}

export const NO_MAIL_FILTER: MailFilter = { page: 1, state: '' };

export const isMailState = (v: string): v is MailState => (MAIL_STATES as readonly string[]).includes(v);

/** The filter a (hand-edited, bookmarked) URL asks for; anything unreadable counts as not set. */
export function mailFilterFromParams(params: URLSearchParams): MailFilter {
  const state = params.get('state') ?? '';
  const page = Number(params.get('page'));
  return { page: Number.isInteger(page) && page > 0 ? page : 1, state: isMailState(state) ? state : '' };
}

export function mailFilterToParams(f: MailFilter): URLSearchParams {
  const out = new URLSearchParams();
  if (f.state) out.set('state', f.state);
  if (f.page > 1) out.set('page', String(f.page));
  return out;
}

/**
 * One page of the mailbox, newest first. `token` reads it as another account than the signed-in one (the demo
 * strip reads the demo admin's mailbox while a shopper is signed in).
 */
export function useMailbox(f: MailFilter, token?: string) {
  const query = { page: f.page, limit: MAIL_PAGE_SIZE, state: f.state || undefined };
  const { data, loading, error, refresh, setData } = useQuery(
    ['adminMailList', query, token ?? null],
    (signal) => api('adminMailList', { query, signal, token }),
    { keepPreviousData: true, pollMs: MAIL_POLL_MS },
  );
  /** A retried mail's new row, shown in place without waiting for the next look. */
  const replace = (mail: MailSummary) =>
    setData(
      (list): MailList | undefined =>
        list && { ...list, items: list.items.map((m) => (m.id === mail.id ? mail : m)) },
    );
  return { list: data, loading, error, refresh, replace };
}
