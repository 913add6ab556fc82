import { Link } from 'react-router';
import type { OrderItemView } from '#contract/schemas/order';
import { fromCents, toCents } from '#contract/rules/money';
import { ProductImage } from '#web/components/product-image';
import { money } from '#web/lib/store-config';
import styles from './order-page.module.css';

const lineTotal = (it: OrderItemView) => money(fromCents(toCents(it.price) * it.qty));

/** A placed order's lines as the shop recorded them: picture, title, size, colour, quantity and amounts. */
export function OrderItems({ items }: { items: readonly OrderItemView[] }) {
  return (
    <ul className={styles.items}>
      {items.map((it) => (
        <li key={it.id} className={styles.item}>
          <ProductImage
            src={it.image}
            alt={it.product_title}
            width={64}
            height={80}
            sizes="64px"
            className={styles.thumb}
          />
          <div className={styles.itemInfo}>
            <Link to={`/product/${it.product_id}`} className={styles.itemTitle}>
              {it.product_title}
            </Link>
            <span className={styles.itemMeta}>
              {it.size.trim() ? <span>Size: {it.size}</span> : null}
              {it.color.trim() ? (
                <span>
                  Colour:{' '}
                  <span className={styles.swatch} style={{ background: it.color }} aria-hidden="true" />{' '}
                  {it.color}
                </span>
              ) : null}
              <span>
                Qty: {it.qty} × {money(it.price)}
              </span>
            </span>
          </div>
          <span className={styles.amount}>{lineTotal(it)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Subtotal from the lines, shipping as the rest of the server's total (never below zero). */
export function orderSums(
  total: number,
  items: readonly OrderItemView[],
): { subtotal: number; shipping: number } {
  const cents = items.reduce((n, it) => n + toCents(it.price) * it.qty, 0);
  return { subtotal: fromCents(cents), shipping: fromCents(Math.max(0, toCents(total) - cents)) };
}
