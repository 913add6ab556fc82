import { parseQty } from '../use-cart-draft';
import styles from './quantity-stepper.module.css';

interface Props {
  value: string;
  label: string;
  onChange: (text: string) => void;
}

/** − / number / + for one cart line. Minimum 1, no maximum (spec section 5); a cleared box snaps back to 1 on blur. */
export function QuantityStepper({ value, label, onChange }: Props) {
  const n = parseQty(value) ?? 1;
  return (
    <div className={styles.stepper} role="group" aria-label={label}>
      <button
        type="button"
        className={styles.step}
        aria-label={`Decrease ${label.toLowerCase()}`}
        disabled={n <= 1}
        onClick={() => onChange(String(Math.max(1, n - 1)))}
      >
        −
      </button>
      <input
        className={styles.input}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => onChange(String(parseQty(value) ?? 1))}
      />
      <button
        type="button"
        className={styles.step}
        aria-label={`Increase ${label.toLowerCase()}`}
        onClick={() => onChange(String(n + 1))}
      >
        +
      </button>
    </div>
  );
}
