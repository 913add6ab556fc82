import { useId } from 'react';
import { Link } from 'react-router';
import { stockLabel, stockLevel } from '#contract/rules/stock';
import type { Product } from '#contract/schemas/product';
import { buttonClass } from './button';
import { EyeIcon } from './icons';
import { Price } from './price';
import { ProductImage } from './product-image';
import { WishlistButton } from './wishlist-button';
import styles from './product-card.module.css';

/**
 * A card's width in the grids that show it (home, listing, related slider): two columns on phones, three
 * from 900 px, a third of the 1240 px container at most.
 */
const CARD_SIZES = '(min-width: 1240px) 400px, (min-width: 900px) 33vw, 50vw';

interface Props {
  product: Product;
  /** The heading level that fits the surrounding page outline. */
  headingLevel?: 'h2' | 'h3';
  eager?: boolean;
}

/**
 * Product tile (spec: image or placeholder, title, a stock badge, price, quick-view and Buy Now, both to
 * /product/{id}). The spec's badge always read In Stock; ours reads the product's stock (issue 14): In
 * Stock, Only N left or Sold out; and a heart that saves it to the wishlist (issue 14). Shared because home,
 * listing and the related slider all show it.
 */
export function ProductCard({ product, headingLevel: H = 'h3', eager }: Props) {
  const href = `/product/${product.id}`;
  const category = product.categories[0];
  const level = stockLevel(product);
  const titleId = useId();
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <ProductImage src={product.featured_image} alt="" width={480} height={600} sizes={CARD_SIZES} eager={eager} />
        </Link>
        <span className={styles.badge} data-level={level.kind}>
          {stockLabel(level)}
        </span>
        <WishlistButton product={product} describedBy={titleId} className={styles.heart} />
        <Link to={href} className={styles.quick} aria-label={`Quick view: ${product.title}`} title="Quick view">
          <EyeIcon size={20} />
        </Link>
      </div>
      <div className={styles.body}>
        {category && <p className={styles.category}>{category.name}</p>}
        <H className={styles.title} id={titleId}>
          <Link to={href}>{product.title}</Link>
        </H>
        <div className={styles.foot}>
          <Price sale_price={product.sale_price} regular_price={product.regular_price} />
          <Link to={href} className={buttonClass({ variant: 'primary', size: 'small', block: true })} aria-label={`Buy Now: ${product.title}`}>
            Buy Now
          </Link>
        </div>
      </div>
    </article>
  );
}
