import { useId } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';
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
  const to = `/product/${product.id}`;
  // The card's four links go to the same page: its href and click handler are worked out once, with the hooks
  // react-router's own <Link> is built from (a plain click navigates in the app; a modified click, a middle click
  // or "open in new tab" is left to the browser). Four <Link>s each resolved the path again: with a listing's
  // twelve cards that was about a third of its first render (issue 29's offline listing, issue 28's hydration).
  const link = { href: useHref(to), onClick: useLinkClickHandler<HTMLAnchorElement>(to) };
  const category = product.categories[0];
  const level = stockLevel(product);
  const titleId = useId();
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        <a {...link} tabIndex={-1} aria-hidden="true">
          <ProductImage src={product.featured_image} alt="" width={480} height={600} sizes={CARD_SIZES} eager={eager} />
        </a>
        <span className={styles.badge} data-level={level.kind}>
          {stockLabel(level)}
        </span>
        <WishlistButton product={product} describedBy={titleId} className={styles.heart} />
        <a {...link} className={styles.quick} aria-label={`Quick view: ${product.title}`} title="Quick view">
          <EyeIcon size={20} />
        </a>
      </div>
      <div className={styles.body}>
        {category && <p className={styles.category}>{category.name}</p>}
        <H className={styles.title} id={titleId}>
          <a {...link}>{product.title}</a>
        </H>
        <div className={styles.foot}>
          <Price sale_price={product.sale_price} regular_price={product.regular_price} />
          <a {...link} className={buttonClass({ variant: 'primary', size: 'small', block: true })} aria-label={`Buy Now: ${product.title}`}>
            Buy Now
          </a>
        </div>
      </div>
    </article>
  );
}
