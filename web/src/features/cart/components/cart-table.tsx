import { Link } from 'react-router';
import type { CartLine } from '#contract/schemas/cart';
import { fromCents, toCents } from '#contract/rules/money';
import { ColumnHeads } from '#web/components/column-heads';
import { ProductImage } from '#web/components/product-image';
import { QuantityStepper } from '#web/components/quantity-stepper';
import { money } from '#web/lib/store-config';
import { shortNote } from '../stock-lines';
import { lineKey } from '../use-cart-draft';
import styles from './cart-table.module.css';

interface Props {
  lines: readonly CartLine[];
  valueOf: (line: CartLine) => string;
  onEdit: (line: CartLine, text: string) => void;
  onRemove: (index: number) => void;
  /** Units left of a line's size and colour; undefined when unknown or untracked (no limit). */
  leftOf?: (line: CartLine) => number | undefined;
}

/** The options a line was bought with, e.g. "M / Navy"; blank parts are left out. */
export function lineOptions(l: Pick<CartLine, 'selectedSize' | 'selectedColor'>): string {
  return [l.selectedSize, l.selectedColor].filter((s) => s.trim()).join(' / ');
}

/**
 * Product, Price, Quantity, Subtotal, Action (spec section 2). Subtotals use the committed quantities:
 * edits only count once Update Cart applies them. On narrow screens each row becomes a card (CSS only).
 * A line asking for more than is left says Only N left or Sold out under its name (issue 14).
 */
export function CartTable({ lines, valueOf, onEdit, onRemove, leftOf = () => undefined }: Props) {
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">Items in your cart</caption>
      <ColumnHeads names={['Product', 'Price', 'Quantity', 'Subtotal', 'Action']} />
      <tbody>
        {lines.map((line, i) => {
          const options = lineOptions(line);
          const name = options ? `${line.title} (${options})` : line.title;
          const left = leftOf(line);
          const note = shortNote(line.qty, left);
          return (
            <tr key={lineKey(line)}>
              <th scope="row">
                <div className={styles.product}>
                  <Link
                    to={`/product/${line.productId}`}
                    className={styles.thumb}
                    tabIndex={-1}
                    aria-hidden="true"
                  >
                    <ProductImage src={line.image} alt="" width={72} height={90} />
                  </Link>
                  <span className={styles.info}>
                    <Link to={`/product/${line.productId}`} className={styles.title}>
                      {line.title}
                    </Link>
                    {line.selectedSize.trim() ? (
                      <span className={styles.option}>Size: {line.selectedSize}</span>
                    ) : null}
                    {line.selectedColor.trim() ? (
                      <span className={styles.option}>
                        Colour:{' '}
                        <span
                          className={styles.swatch}
                          style={{ background: line.selectedColor }}
                          aria-hidden="true"
                        />{' '}
                        {line.selectedColor}
                      </span>
                    ) : null}
                    {note ? <span className={styles.short}>{note}</span> : null}
                  </span>
                </div>
              </th>
              <td data-label="Price" className={styles.money}>
                {money(line.price)}
              </td>
              <td data-label="Quantity">
                <QuantityStepper
                  value={valueOf(line)}
                  max={left}
                  disabled={left === 0}
                  labels={{
                    group: `Quantity of ${name}`,
                    input: `Quantity of ${name}`,
                    decrease: `Decrease quantity of ${name}`,
                    increase: `Increase quantity of ${name}`,
                  }}
                  onChange={(text) => onEdit(line, text)}
                />
              </td>
              <td data-label="Subtotal" className={`${styles.money} ${styles.subtotal}`}>
                {money(fromCents(toCents(line.price) * line.qty))}
              </td>
              <td data-label="Action" className={styles.action}>
                <button
                  type="button"
                  className={styles.remove}
                  onClick={() => onRemove(i)}
                  aria-label={`Remove ${name}`}
                >
                  <span aria-hidden="true">×</span>
                  <span className={styles.removeText}>Remove</span>
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
