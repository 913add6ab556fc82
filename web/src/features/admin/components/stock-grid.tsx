import { useId } from 'react';
import { LIMITS } from '#contract/limits';
import { cellKey, cellValue, colorName, sizeName, type StockBase, type StockDraft } from '../stock-draft';
import styles from './stock-section.module.css';

interface StockGridProps {
  sizes: string[];
  colors: string[];
  base: StockBase;
  draft: StockDraft;
  onEdit: (key: string, text: string) => void;
  /** Cells the last save attempt refused, marked aria-invalid and described by `errorId`. */
  invalid: ReadonlySet<string>;
  errorId: string;
  disabled: boolean;
}

/** Units left per size (rows) × colour (columns), with the shoppers waiting for each beside its cell. */
export function StockGrid({
  sizes,
  colors,
  base,
  draft,
  onEdit,
  invalid,
  errorId,
  disabled,
}: StockGridProps) {
  const idPrefix = useId();
  return (
    <div className={styles.gridWrap}>
      <table className={styles.grid}>
        <caption className="visually-hidden">Units left per size and colour</caption>
        <thead>
          <tr>
            <td />
            {colors.map((color) => (
              <th key={color} scope="col">
                {colorName(color)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sizes.map((size, row) => (
            <tr key={size}>
              <th scope="row">{sizeName(size)}</th>
              {colors.map((color, col) => {
                const key = cellKey(size, color);
                const waiting = base.waiting.get(key) ?? 0;
                const waitingId = `${idPrefix}-w${row}-${col}`;
                const bad = invalid.has(key);
                const describedBy = [waiting > 0 ? waitingId : '', bad ? errorId : ''].filter(Boolean);
                return (
                  <td key={color}>
                    <span className={styles.cell}>
                      <input
                        className={styles.input}
                        type="number"
                        min={0}
                        max={LIMITS.stockQuantity}
                        step={1}
                        inputMode="numeric"
                        aria-label={`Stock, size ${sizeName(size)}, colour ${colorName(color)}`}
                        aria-invalid={bad || undefined}
                        aria-describedby={describedBy.join(' ') || undefined}
                        data-cell={key}
                        value={cellValue(base, draft, key)}
                        onChange={(e) => onEdit(key, e.target.value)}
                        disabled={disabled}
                      />
                      {waiting > 0 && (
                        <span id={waitingId} className={styles.waiting}>
                          {waiting} waiting
                        </span>
                      )}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
