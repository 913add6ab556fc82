import styles from './product-detail.module.css';

export const QTY_MIN = 1;

/** Quantity with − and + buttons; it never goes below 1 and has no maximum (spec section 5). */
export function QuantityStepper({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const set = (n: number) => onChange(Number.isFinite(n) ? Math.max(QTY_MIN, Math.floor(n)) : QTY_MIN);
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
        value={value}
        onChange={(e) => set(Number.parseInt(e.target.value, 10))}
      />
      <button type="button" aria-label="Increase quantity" onClick={() => set(value + 1)}>
        +
      </button>
    </div>
  );
}
