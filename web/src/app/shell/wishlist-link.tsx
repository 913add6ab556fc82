import { Link } from 'react-router';
import { HeartIcon } from '#web/components/icons';
import { useAtomValue } from '#web/lib/jotai';
import { wishlistIdsAtom } from '#web/lib/wishlist/wishlist-atoms';
import { useWishlistSync } from '#web/lib/wishlist/use-wishlist-sync';
import styles from './header.module.css';

/**
 * The header's heart: to /wishlist, with the number of saved products (only above zero). It also runs the
 * wishlist's sync for whoever is signed in, the header being on every shop screen.
 */
export function WishlistLink() {
  useWishlistSync();
  const count = useAtomValue(wishlistIdsAtom)?.length ?? 0;
  const label = count > 0 ? `Wishlist, ${count} ${count === 1 ? 'item' : 'items'}` : 'Wishlist';
  return (
    <Link to="/wishlist" className={styles.iconLink} aria-label={label}>
      <span className={styles.cartIcon}>
        <HeartIcon />
        {count > 0 && (
          <span className={styles.badge} data-testid="wishlist-badge" aria-hidden="true">
            {count}
          </span>
        )}
      </span>
    </Link>
  );
}
