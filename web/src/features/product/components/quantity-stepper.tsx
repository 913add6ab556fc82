import { useState } from 'react';
import styles from './product-detail.module.css';

export const QTY_MIN = 1;

/**
 * Quantity with − and + buttons; it never goes below 1 and has no maximum (spec section 5). The box keeps
 * what is being typed (so clearing it and typing 3 gives 3, not 13) and settles to a valid number on blur.
 */
export function QuantityStepper({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const [text, setText] = useState(String(value));
  const set = (n: number) => {
    const next = Math.max(QTY_MIN, Math.floor(n));
    onChange(next);
    setText(String(next));
  };
  const onBlur = () => {
    const n = Number.parseInt(text, 10);
    if (Number.isFinite(n)) set(n);
    else setText(String(value));
  };
  return (
    <div className={styles.stepper}>
      <button type="button" aria-label="Decrease quantity" disabled={value <= QTY_MIN} onClick={() => set(value - 1)}>
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={QTY_MIN}
        step={1}
        aria-label="Quantity"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const n = Number.parseInt(e.target.value, 10);
          if (Number.isFinite(n) && n >= QTY_MIN) onChange(n);
        }}
        onBlur={onBlur}
      />
      <button type="button" aria-label="Increase quantity" onClick={() => set(value + 1)}>
        +
      </button>
    </div>
  );
}
