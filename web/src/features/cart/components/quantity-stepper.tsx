import { parseQty } from '../use-cart-draft';
import styles from './quantity-stepper.module.css';

interface Props {
  value: string;
  /** The line's name, e.g. "Classic Tee (M / navy)": every control says which line it changes. */
  itemName: string;
  onChange: (text: string) => void;
}

/** − / number / + for one cart line. Minimum 1, no maximum (spec section 5); a cleared box snaps back to 1 on blur. */
export function QuantityStepper({ value, itemName, onChange }: Props) {
  const n = parseQty(value) ?? 1;
  const label = `Quantity of ${itemName}`;
  return (
    <div className={styles.stepper} role="group" aria-label={label}>
      <button
        type="button"
        className={styles.step}
        aria-label={`Decrease quantity of ${itemName}`}
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
        aria-label={`Increase quantity of ${itemName}`}
        onClick={() => onChange(String(n + 1))}
      >
        +
      </button>
    </div>
  );
}
