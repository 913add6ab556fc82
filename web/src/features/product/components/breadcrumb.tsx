import { Link } from 'react-router';
import type { CategoryRef } from '#contract/schemas/category';
import { truncateTitle } from '../product-rules';
import styles from './product-detail.module.css';

/** Home > category > product title (title cut at 70 characters plus "..."). */
export function Breadcrumb({ category, title }: { category: CategoryRef | undefined; title: string }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
      <ol>
        <li>
          <Link to="/">Home</Link>
        </li>
        {category && (
          <li>
            <Link to={`/products?category=${encodeURIComponent(category.slug)}`}>{category.name}</Link>
          </li>
        )}
        <li aria-current="page" title={title}>
          {truncateTitle(title)}
        </li>
      </ol>
    </nav>
  );
}
