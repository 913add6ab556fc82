import { Link } from 'react-router';
import { buttonClass } from '#web/components/button';
import { HeartIcon } from '#web/components/icons';
import { PageMeta } from '#web/components/page-meta';
import { Spinner } from '#web/components/spinner';
import { useAtomValue } from '#web/lib/jotai';
import { wishlistIdsAtom, wishlistOwnerAtom } from '#web/lib/wishlist/wishlist-atoms';
import { useWishlistItems } from '../api/use-wishlist-items';
import { WishlistRow } from './wishlist-row';
import page from '#web/styles/page.module.css';
import styles from './wishlist-page.module.css';

/**
 * /wishlist (issue 14): the saved products, newest first, each with its price, stock, the way to the cart
 * (its page, where size and colour are chosen) and Remove; or "Your wishlist is empty" and the way to the shop.
 * A guest's list is the device's; an account's follows the server, and is shown from the device offline.
 */
export function WishlistPage() {
  const owner = useAtomValue(wishlistOwnerAtom);
  const ids = useAtomValue(wishlistIdsAtom);
  const { items, error, loading, refresh } = useWishlistItems(owner, ids);
  const empty = ids?.length === 0 || items?.length === 0;
  const meta = <PageMeta title="Wishlist" description="The products you saved for later." />;

  if (!empty && !items) {
    return (
      <div className={`container ${page.page}`}>
        {meta}
        {error && !loading ? (
          <div className={styles.empty} role="alert">
            <p>Your wishlist could not be loaded.</p>
            <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={refresh}>
              Try again
            </button>
          </div>
        ) : (
          <Spinner label="Loading your wishlist…" />
        )}
      </div>
    );
  }
  return (
    <div className={`container ${page.page}`}>
      {meta}
      <h1 className={page.heading}>Your wishlist</h1>
      {empty ? (
        <div className={styles.empty}>
          <span className={styles.icon}>
            <HeartIcon size={36} />
          </span>
          <p className={styles.emptyText}>Your wishlist is empty</p>
          <p className={styles.hint}>Tap the heart on any product to keep it here for later.</p>
          <Link to="/products" className={buttonClass({ variant: 'primary' })}>
            Browse products
          </Link>
        </div>
      ) : (
        <>
          <p className={styles.count}>
            {items!.length} {items!.length === 1 ? 'item' : 'items'} saved
          </p>
          <ul className={styles.list}>
            {items!.map((item) => (
              <WishlistRow key={item.productId} item={item} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
