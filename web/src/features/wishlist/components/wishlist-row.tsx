import { useId } from 'react';
import { Link } from 'react-router';
import { stockLabel, stockLevel } from '#contract/rules/stock';
import { buttonClass } from '#web/components/button';
import { Price } from '#web/components/price';
import { ProductImage } from '#web/components/product-image';
import { useSetAtom } from '#web/lib/jotai';
import { setWishlistAtom } from '#web/lib/wishlist/wishlist-actions';
import type { ShownItem } from '#web/lib/wishlist/wishlist-items';
import styles from './wishlist-page.module.css';

/**
 * One saved product: picture, title, price, stock, and two ways on: to its page to choose size and colour (a
 * cart line needs both), and Remove. A product the shop no longer sells can only be removed.
 */
export function WishlistRow({ item: { productId, product } }: { item: ShownItem }) {
  const setSaved = useSetAtom(setWishlistAtom);
  const titleId = useId();
  const href = `/product/${productId}`;
  const remove = (
    <button
      type="button"
      className={buttonClass({ variant: 'ghost', size: 'small' })}
      aria-describedby={titleId}
      onClick={() => void setSaved({ id: productId, save: false })}
    >
      Remove
    </button>
  );
  if (!product) {
    return (
      <li className={styles.item}>
        <div className={styles.media}>
          <ProductImage src={null} alt="" width={120} height={150} />
        </div>
        <div className={styles.info}>
          <h2 className={styles.title} id={titleId}>
            No longer available
          </h2>
          <p className={styles.gone}>The shop has stopped selling this product.</p>
        </div>
        <div className={styles.actions}>{remove}</div>
      </li>
    );
  }
  const level = stockLevel(product);
  return (
    <li className={styles.item}>
      <Link to={href} className={styles.media} tabIndex={-1} aria-hidden="true">
        <ProductImage src={product.featured_image} alt="" width={120} height={150} sizes="120px" />
      </Link>
      <div className={styles.info}>
        <h2 className={styles.title} id={titleId}>
          <Link to={href}>{product.title}</Link>
        </h2>
        <Price sale_price={product.sale_price} regular_price={product.regular_price} />
        <span className={styles.stock} data-level={level.kind}>
          {stockLabel(level)}
        </span>
      </div>
      <div className={styles.actions}>
        <Link
          to={href}
          className={buttonClass({ variant: level.kind === 'out' ? 'secondary' : 'primary', size: 'small' })}
          aria-describedby={titleId}
        >
          {level.kind === 'out' ? 'View product' : 'Choose size & colour'}
        </Link>
        {remove}
      </div>
    </li>
  );
}
