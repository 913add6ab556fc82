import { ToggleButton } from '#web/components/toggle-button';
import { useId, useState } from 'react';
import type { ActivityEntry } from '#contract/schemas/activity';
import { fieldName, formatValue } from './activity-format';
import { ActivityValueText } from './activity-value';
import styles from './activity-page.module.css';

/** An entry with more changes than this (an import, a stock grid) shows these first, the rest on request. */
export const FIRST_CHANGES = 6;

/**
 * An entry's changed fields, before and after. A side that is empty throughout (a create has no before,
 * a delete no after) is left out rather than shown as a column of dashes.
 */
export function ActivityChanges({ entry }: { entry: ActivityEntry }) {
  const [showAll, setShowAll] = useState(false);
  const tableId = useId();
  const { changes } = entry;
  if (changes.length === 0) return null;
  let before = changes.some((c) => c.before !== null);
  let after = changes.some((c) => c.after !== null);
  if (!before && !after) before = after = true;
  const shown = showAll ? changes : changes.slice(0, FIRST_CHANGES);
  const hidden = changes.length - FIRST_CHANGES;

  return (
    <div className={styles.changes}>
      <table id={tableId} className={styles.changeTable} data-columns={before && after ? 3 : 2}>
        <caption className="visually-hidden">Changes</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            {before && <th scope="col">Before</th>}
            {after && <th scope="col">After</th>}
          </tr>
        </thead>
        <tbody>
          {shown.map((c, i) => (
            <tr key={`${i}-${c.field}`}>
              <th scope="row">{fieldName(c.field)}</th>
              {before && (
                <td data-label="Before" className={styles.before}>
                  <ActivityValueText text={formatValue(c.field, c.before)} />
                </td>
              )}
              {after && (
                <td data-label="After">
                  <ActivityValueText text={formatValue(c.field, c.after)} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {hidden > 0 && (
        <ToggleButton className={styles.linkButton} open={showAll} controls={tableId} setOpen={setShowAll}>
          {showAll ? 'Show fewer changes' : `Show all ${changes.length} changes`}
        </ToggleButton>
      )}
    </div>
  );
}
