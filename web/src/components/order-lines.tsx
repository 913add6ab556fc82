import type { ReactNode } from 'react';
import type { CartLine } from '#contract/schemas/cart';
import { fromCents, toCents } from '#contract/rules/money';
import { money } from '#web/lib/store-config';
import styles from './order-lines.module.css';

interface Props {
  lines: readonly CartLine[];
  className?: string;
  /** A warning under a line, e.g. the checkout's out_of_stock answer (issue 14): "Only 2 left". */
  noteFor?: (line: CartLine) => ReactNode;
}

/** An order's lines as the shopper chose them: title × qty, size / colour, and the line's amount. */
export function OrderLines({ lines, className, noteFor }: Props) {
  return (
    <ul className={`${styles.lines} ${className ?? ''}`}>
      {lines.map((l) => {
        const options = [l.selectedSize, l.selectedColor].filter((s) => s.trim()).join(' / ');
        const note = noteFor?.(l);
        return (
          <li key={`${l.productId}|${l.selectedSize}|${l.selectedColor}`} className={styles.line}>
            <span className={styles.lineName}>
              {l.title} <span className={styles.qty}>× {l.qty}</span>
              {options ? <span className={styles.options}>{options}</span> : null}
              {note ? <span className={styles.note}>{note}</span> : null}
            </span>
            <span className={styles.amount}>{money(fromCents(toCents(l.price) * l.qty))}</span>
          </li>
        );
      })}
    </ul>
  );
}
