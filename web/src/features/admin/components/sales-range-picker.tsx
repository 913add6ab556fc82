import { useState, type FormEvent } from 'react';
import { TextField } from '#web/components/form-field';
import { ADMIN_FIELD } from './admin-field';
import ui from './admin-ui.module.css';
import {
  presetRange,
  todayUtc,
  validateRange,
  type DateRange,
  type RangeErrors,
  type RangePreset,
} from './sales-range-dates';
import styles from './sales-range.module.css';

export type RangeChoice = RangePreset | 'custom';

export interface RangeState {
  choice: RangeChoice;
  /** The range asked of the server: always valid (a custom range applies only once it is). */
  range: DateRange;
}

const CHOICES: { id: RangeChoice; label: string }[] = [
  { id: 'last7', label: 'Last 7 days' },
  { id: 'last30', label: 'Last 30 days' },
  { id: 'last12m', label: 'Last 12 months' },
  { id: 'custom', label: 'Custom' },
];

const SIDES = [
  { side: 'from', label: 'From' },
  { side: 'to', label: 'To' },
] as const;

/** The dashboard's first range: the last 30 days up to today (UTC). */
export function initialRange(): RangeState {
  return { choice: 'last30', range: presetRange('last30', todayUtc()) };
}

/**
 * Preset buttons (toggle buttons, aria-pressed) and, under Custom, a From / To form. A preset's days are
 * worked out when it is pressed, so a page left open overnight still means "up to today".
 */
export function SalesRangePicker({
  value,
  onChange,
}: {
  value: RangeState;
  onChange: (v: RangeState) => void;
}) {
  return (
    <div className={styles.picker}>
      <div role="group" aria-label="Date range" className={styles.presets}>
        {CHOICES.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            className={styles.preset}
            aria-pressed={value.choice === id}
            onClick={() =>
              onChange(
                id === 'custom'
                  ? { choice: 'custom', range: value.range }
                  : { choice: id, range: presetRange(id, todayUtc()) },
              )
            }
          >
            {label}
          </button>
        ))}
      </div>
      {value.choice === 'custom' ? (
        <CustomRangeForm initial={value.range} onApply={(range) => onChange({ choice: 'custom', range })} />
      ) : null}
    </div>
  );
}

/**
 * From and To start as the range on screen. The range applies on Apply (or Enter), not on every change:
 * typing a year into a date field passes through years like 0002, which are real dates.
 */
function CustomRangeForm({ initial, onApply }: { initial: DateRange; onApply: (range: DateRange) => void }) {
  const [draft, setDraft] = useState(initial);
  // Messages appear on Apply; from then on they follow the fields as the admin corrects them.
  const [errors, setErrors] = useState<RangeErrors | null>(null);

  const edit = (change: Partial<DateRange>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    if (errors) setErrors(validateRange(next));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateRange(draft);
    setErrors(found);
    if (!found.from && !found.to) onApply(draft);
  };

  return (
    <form className={styles.custom} aria-label="Custom range" noValidate onSubmit={submit}>
      {SIDES.map(({ side, label }) => (
        <TextField
          key={side}
          label={label}
          type="date"
          classes={ADMIN_FIELD}
          className={styles.dateField}
          value={draft[side]}
          error={errors?.[side]}
          onChange={(e) => edit(side === 'from' ? { from: e.target.value } : { to: e.target.value })}
        />
      ))}
      <button type="submit" className={`${ui.primary} ${styles.apply}`}>
        Apply
      </button>
    </form>
  );
}
