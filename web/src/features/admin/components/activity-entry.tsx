import { useId } from 'react';
import type { ActivityEntry } from '#contract/schemas/activity';
import { describeEntry, formatWhen } from './activity-format';
import { ActivityChanges } from './activity-changes';
import styles from './activity-page.module.css';

/** One line of the log: what was done to which record, when and by whom, then what changed. */
export function ActivityEntryCard({ entry }: { entry: ActivityEntry }) {
  const titleId = useId();
  return (
    <li className={styles.entry} aria-labelledby={titleId} data-entity={entry.entity}>
      <div className={styles.entryHead}>
        <h2 id={titleId} className={styles.what}>
          {describeEntry(entry)}
        </h2>
        <p className={styles.meta}>
          <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
          <span aria-hidden="true"> · </span>
          <span>by {entry.actor.name}</span>
        </p>
      </div>
      <ActivityChanges entry={entry} />
    </li>
  );
}
