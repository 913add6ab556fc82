import type { ActivityEntity, ActivityPage } from '#contract/schemas/activity';
import { ACTIVITY_ENTITIES } from '#contract/schemas/activity';
import { api } from '#web/lib/api-client';
import { useQuery } from '#web/lib/use-query';

export const ACTIVITY_PAGE_SIZE = 20;

/** What the Activity screen shows, as its URL says it (?page&entity&actor&from&to). */
export interface ActivityFilter {
  page: number;
  /** '' for every kind of record. */
  entity: ActivityEntity | '';
  /** An admin's id, or null for everyone. */
  actor: number | null;
  /** Days as YYYY-MM-DD (UTC, both ends included), '' for open-ended. */
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isEntity = (v: string): v is ActivityEntity => (ACTIVITY_ENTITIES as readonly string[]).includes(v);
const positive = (v: string | null): number | null => {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 ? n : null;
};

/** The filter a (hand-edited, bookmarked) URL asks for; anything unreadable counts as not set. */
export function filterFromParams(params: URLSearchParams): ActivityFilter {
  const entity = params.get('entity') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    page: positive(params.get('page')) ?? 1,
    entity: isEntity(entity) ? entity : '',
    actor: positive(params.get('actor')),
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
  };
}

/** The URL of a filter: only what is set, so the plain screen is plain /admin/activity. */
export function filterToParams(f: ActivityFilter): URLSearchParams {
  const out = new URLSearchParams();
  if (f.entity) out.set('entity', f.entity);
  if (f.actor !== null) out.set('actor', String(f.actor));
  if (f.from) out.set('from', f.from);
  if (f.to) out.set('to', f.to);
  if (f.page > 1) out.set('page', String(f.page));
  return out;
}

export const isFiltered = (f: ActivityFilter): boolean =>
  Boolean(f.entity || f.actor !== null || f.from || f.to);

const EMPTY: ActivityPage = { items: [], total: 0, actors: [] };

/**
 * One page of the activity log, newest first. The last answer stays while the next loads, so the actor
 * list and the pager do not blink; a failure is shown with a retry (this screen has nothing else to show).
 */
export function useActivity(f: ActivityFilter) {
  const query = {
    page: f.page,
    limit: ACTIVITY_PAGE_SIZE,
    entity: f.entity || undefined,
    actor: f.actor ?? undefined,
    from: f.from || undefined,
    to: f.to || undefined,
  };
  const { data, loading, error, refresh } = useQuery(
    ['listActivity', query],
    (signal) => api('listActivity', { query, signal }),
    { keepPreviousData: true },
  );
  return { ...(data ?? EMPTY), loaded: data !== undefined, loading, error, refresh };
}
