import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PageMeta } from '#web/components/page-meta';
import { Pagination } from '#web/components/pagination';
import { Spinner } from '#web/components/spinner';
import type { ActivityFilter } from '../api/activity';
import {
  ACTIVITY_PAGE_SIZE,
  filterFromParams,
  filterToParams,
  isFiltered,
  useActivity,
} from '../api/activity';
import { ActivityEntryCard } from './activity-entry';
import { ActivityFilters } from './activity-filters';
import { LoadFailed } from './load-failed';
import ui from './admin-ui.module.css';
import styles from './activity-page.module.css';

const EMPTY_FILTER: ActivityFilter = { page: 1, entity: '', actor: null, from: '', to: '' };

/**
 * /admin/activity (issue 15): every admin change, newest first, with who made it, when, and each changed
 * field before and after. The filters and the page live in the URL.
 */
export function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const filtered = isFiltered(filter);
  const { items, total, actors, loaded, loading, error, refresh } = useActivity(filter);
  const pages = Math.ceil(total / ACTIVITY_PAGE_SIZE);
  const top = useRef<HTMLElement>(null);

  // A changed filter starts again at page 1; only turning pages adds to the history.
  const change = (next: Partial<ActivityFilter>) =>
    setParams(filterToParams({ ...filter, page: 1, ...next }), { replace: true });
  const turnTo = (page: number) => {
    setParams(filterToParams({ ...filter, page }));
    top.current?.scrollIntoView?.({ block: 'start' });
  };

  let body;
  if (error && !loading) {
    body = <LoadFailed what="the activity log" onRetry={refresh} />;
  } else if (!loaded) {
    body = <Spinner label="Loading activity..." />;
  } else if (items.length === 0) {
    body = (
      <p className={`${ui.card} ${ui.center}`}>
        {total > 0
          ? 'This page is past the end of the log.'
          : filtered
            ? 'No activity matches these filters'
            : 'No activity yet'}
      </p>
    );
  } else {
    body = (
      <ol className={styles.list} aria-label="Activity entries" aria-busy={loading}>
        {items.map((e) => (
          <ActivityEntryCard key={e.id} entry={e} />
        ))}
      </ol>
    );
  }

  return (
    <section aria-labelledby="activity-title" ref={top} className={styles.page}>
      <PageMeta title="Admin Activity" description="Who changed what in the store, and when." />
      <header className={ui.pageHeader}>
        <div>
          <h1 id="activity-title" className={ui.pageTitle}>
            Activity
          </h1>
          <p className={ui.pageSubtitle}>
            {loaded && total > 0
              ? `${total.toLocaleString()} ${total === 1 ? 'change' : 'changes'}${filtered ? ' match these filters' : ''}, newest first.`
              : 'Every change made in the admin area, newest first.'}
          </p>
        </div>
      </header>
      <ActivityFilters
        filter={filter}
        actors={actors}
        filtered={filtered}
        onChange={change}
        onClear={() => setParams(filterToParams(EMPTY_FILTER), { replace: true })}
      />
      {body}
      {pages > 1 && (
        <Pagination
          page={Math.min(filter.page, pages)}
          totalPages={pages}
          onChange={turnTo}
          label="Activity pages"
        />
      )}
    </section>
  );
}
