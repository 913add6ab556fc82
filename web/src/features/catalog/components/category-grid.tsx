import { Link } from 'react-router';
import type { Category } from '#contract/schemas/category';
import { ProductImage } from '#web/components/product-image';
import styles from './category-grid.module.css';

/** Shop by Category: one tile per category, each to /products?category={slug}. */
export function CategoryGrid({ categories }: { categories: Category[] }) {
  return (
    <ul className={styles.grid}>
      {categories.map((c) => (
        <li key={c.id}>
          <Link to={`/products?category=${encodeURIComponent(c.slug)}`} className={styles.tile}>
            <ProductImage src={c.image} alt="" width={400} height={500} className={styles.image} />
            <span className={styles.name}>{c.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
