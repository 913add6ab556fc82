import { Link } from 'react-router';
import { Price } from '#web/components/price';
import { ProductImage } from '#web/components/product-image';
import { useProductQuery } from '../api/use-product-query';
import { FEATURED_QUERY } from '../listing-url';
import styles from './listing-sidebar.module.css';

/** The sidebar's Featured Products: 5 products with image, title and price. */
export function FeaturedMiniList() {
  const { data } = useProductQuery(FEATURED_QUERY);
  return (
    <ul className={styles.mini}>
      {data.items.map((p) => (
        <li key={p.id}>
          <Link to={`/product/${p.id}`} className={styles.miniItem}>
            <span className={styles.miniImage}>
              <ProductImage src={p.featured_image} alt="" width={64} height={80} />
            </span>
            <span className={styles.miniText}>
              <span className={styles.miniTitle}>{p.title}</span>
              <Price sale_price={p.sale_price} regular_price={p.regular_price} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
