import type { CartLine } from '#contract/schemas/cart';
import { fromCents, toCents } from '#contract/rules/money';
import { money } from '#web/lib/store-config';
import { refusalNote, shortFor, type Refusal } from '../stock-refusal';
import styles from './summary-lines.module.css';

/**
 * The order's lines in Your Order: title × qty, size / colour, amount; after an out_of_stock answer, each
 * line the shop cannot fill says under it how many are left (issue 14).
 */
export function SummaryLines({ lines, refusal }: { lines: readonly CartLine[]; refusal: Refusal | null }) {
  return (
    <ul className={styles.lines}>
      {lines.map((l) => {
        const short = refusal ? shortFor(refusal, l) : undefined;
        const options = [l.selectedSize, l.selectedColor].filter((s) => s.trim()).join(' / ');
        return (
          <li key={`${l.productId}|${l.selectedSize}|${l.selectedColor}`} className={styles.line}>
            <span className={styles.name}>
              {l.title} <span className={styles.qty}>× {l.qty}</span>
              {options ? <span className={styles.options}>{options}</span> : null}
              {short ? <span className={styles.short}>{refusalNote(short)}</span> : null}
            </span>
            <span className={styles.amount}>{money(fromCents(toCents(l.price) * l.qty))}</span>
          </li>
        );
      })}
    </ul>
  );
}
