import { Link } from 'react-router';
import { buttonClass } from '#web/components/button';
import { HeartIcon } from '#web/components/icons';
import { PageMeta } from '#web/components/page-meta';
import styles from './pages.module.css';

/**
 * The header's wishlist icon had no target in the spec; rather than a dead link it leads here. Saving items
 * is not built yet, so the page says so plainly and points back to the shop.
 */
export function WishlistPage() {
  return (
    <section className={`container ${styles.empty}`}>
      <PageMeta title="Wishlist" description="Your saved items." />
      <span className={styles.icon}>
        <HeartIcon size={40} />
      </span>
      <h1>Your wishlist</h1>
      <p>Saving favourite items is coming soon. Until then, add what you love straight to your cart — it is kept for 7 days.</p>
      <Link to="/products" className={buttonClass()}>
        Browse products
      </Link>
    </section>
  );
}
