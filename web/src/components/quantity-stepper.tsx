import styles from './quantity-stepper.module.css';

/**
 * A typed quantity as a whole number from 1 up to max, or null while the box holds nothing usable. A max
 * below 1 (nothing left of a tracked size) still settles on 1: the box never shows 0 or less.
 */
export function parseQty(text: string | undefined, max?: number): number | null {
  if (text === undefined || text.trim() === '') return null;
  const n = Math.floor(Number(text));
  if (!Number.isFinite(n)) return null;
  const atLeastOne = Math.max(1, n);
  return max === undefined ? atLeastOne : Math.max(1, Math.min(max, atLeastOne));
}

export interface QuantityStepperLabels {
  /** Names the − / box / + trio as a group; without it the controls stand on their own. */
  group?: string;
  input: string;
  decrease: string;
  increase: string;
}

interface Props {
  /** The box's text, kept as typed so clearing it and typing 3 gives 3, not 13. */
  value: string;
  onChange: (text: string) => void;
  labels: QuantityStepperLabels;
  /** No maximum unless given (spec section 5 sets none; issue 14: what is left of a tracked size). */
  max?: number;
  /** Nothing can be chosen (e.g. the size is sold out): all three controls are disabled. */
  disabled?: boolean;
  /** What a box left empty settles to on blur; 1 unless the caller keeps a last good value. */
  fallback?: number;
  size?: 'medium' | 'large';
}

/** − / number / + with a minimum of 1 and an optional maximum; the box settles to a valid number on blur. */
export function QuantityStepper({
  value,
  onChange,
  labels,
  max,
  fallback = 1,
  size = 'medium',
  disabled = false,
}: Props) {
  const n = parseQty(value, max) ?? fallback;
  return (
    <div
      className={size === 'large' ? `${styles.stepper} ${styles.large}` : styles.stepper}
      role={labels.group ? 'group' : undefined}
      aria-label={labels.group}
    >
      <button
        type="button"
        className={styles.step}
        aria-label={labels.decrease}
        disabled={disabled || n <= 1}
        onClick={() => onChange(String(Math.max(1, n - 1)))}
      >
        −
      </button>
      <input
        className={styles.input}
        type="number"
        inputMode="numeric"
        min={1}
        max={max === undefined ? undefined : Math.max(1, max)}
        step={1}
        aria-label={labels.input}
        disabled={disabled}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => onChange(String(parseQty(value, max) ?? fallback))}
      />
      <button
        type="button"
        className={styles.step}
        aria-label={labels.increase}
        disabled={disabled || (max !== undefined && n >= max)}
        onClick={() => onChange(String(max === undefined ? n + 1 : Math.min(max, n + 1)))}
      >
        +
      </button>
    </div>
  );
}
