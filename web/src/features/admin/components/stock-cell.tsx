import { LOW_STOCK } from '#contract/rules/stock';
import type { Product } from '#contract/schemas/product';
import { stockSummary } from '../stock-summary';
import styles from './products-page.module.css';

/** Total units left, then a warning mark for low combinations and a danger mark for sold-out ones. */
export function StockCell({ product }: { product: Product }) {
  const s = stockSummary(product);
  if (!s.tracked)
    return (
      <span className={styles.untracked}>
        {/* Phones show rows as cards without column heads: say what is not tracked. */}
        <span className={styles.phoneOnly} aria-hidden="true">
          Stock:{' '}
        </span>
        Not tracked
      </span>
    );
  return (
    <span className={styles.stock}>
      <span className={styles.units}>{s.total === '1' ? '1 unit' : `${s.total} units`}</span>
      {s.low > 0 && (
        <span className={styles.lowMark} title={`Sizes and colours with ${LOW_STOCK} or fewer units left`}>
          <span aria-hidden="true">!</span> {s.low} low
        </span>
      )}
      {s.soldOut > 0 && (
        <span className={styles.outMark} title="Sizes and colours with no units left">
          <span aria-hidden="true">×</span> {s.soldOut} sold out
        </span>
      )}
    </span>
  );
}
