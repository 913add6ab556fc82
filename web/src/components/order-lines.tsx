import type { CartLine } from '#contract/schemas/cart';
import { fromCents, toCents } from '#contract/rules/money';
import { money } from '#web/lib/store-config';
import styles from './order-lines.module.css';

/** An order's lines as the shopper chose them: title × qty, size / colour, and the line's amount. */
export function OrderLines({ lines, className }: { lines: readonly CartLine[]; className?: string }) {
  return (
    <ul className={`${styles.lines} ${className ?? ''}`}>
      {lines.map((l) => (
        <li key={`${l.productId}|${l.selectedSize}|${l.selectedColor}`} className={styles.line}>
          <span className={styles.lineName}>
            {l.title} <span className={styles.qty}>× {l.qty}</span>
            {[l.selectedSize, l.selectedColor].some((s) => s.trim()) ? (
              <span className={styles.options}>
                {[l.selectedSize, l.selectedColor].filter((s) => s.trim()).join(' / ')}
              </span>
            ) : null}
          </span>
          <span className={styles.amount}>{money(fromCents(toCents(l.price) * l.qty))}</span>
        </li>
      ))}
    </ul>
  );
}
