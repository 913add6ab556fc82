import { effectivePrice } from '#contract/rules/money';
import { money } from '#web/lib/store-config';
import styles from './price.module.css';

interface Props {
  sale_price: number | null;
  regular_price: number;
  size?: 'normal' | 'large';
}

/** The shown price is the sale price when present, otherwise the regular price; a sale also shows the old one. */
export function Price({ sale_price, regular_price, size = 'normal' }: Props) {
  const now = effectivePrice({ sale_price, regular_price });
  const onSale = now < regular_price;
  return (
    <span className={`${styles.price} ${size === 'large' ? styles.lg : ''}`} data-price={now}>
      <span className={`${styles.now} ${onSale ? styles.sale : ''}`}>{money(now)}</span>
      {onSale && (
        <>
          <span className="visually-hidden">was</span>
          <s className={styles.was}>{money(regular_price)}</s>
        </>
      )}
    </span>
  );
}
