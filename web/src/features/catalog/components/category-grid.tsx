import { Link } from 'react-router';
import type { Category } from '#contract/schemas/category';
import { ProductImage } from '#web/components/product-image';
import styles from './category-grid.module.css';

/** A tile's width (category-grid.module.css): two columns, three from 640 px, five from 1024 px in a 1240 px container. */
const TILE_SIZES = '(min-width: 1240px) 240px, (min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw';

/** Shop by Category: one tile per category, each to /products?category={slug}. */
export function CategoryGrid({ categories }: { categories: Category[] }) {
  return (
    <ul className={styles.grid}>
      {categories.map((c) => (
        <li key={c.id}>
          <Link to={`/products?category=${encodeURIComponent(c.slug)}`} className={styles.tile}>
            <ProductImage
              src={c.image}
              alt=""
              width={400}
              height={500}
              sizes={TILE_SIZES}
              className={styles.image}
            />
            <span className={styles.name}>{c.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The grid's place while the categories load: empty tiles of the same shape, so the sections below (the
 * featured products may well arrive first) do not jump down when the categories come. Hidden from
 * assistive technology: it holds nothing yet.
 */
export function CategoryGridSkeleton({ count }: { count: number }) {
  return (
    <ul className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <span className={`${styles.tile} ${styles.placeholder}`} />
        </li>
      ))}
    </ul>
  );
}
