import type { Product } from '#contract/schemas/product';
import { useAtomValue, useSetAtom } from '#web/lib/jotai';
import { setWishlistAtom } from '#web/lib/wishlist/wishlist-actions';
import { wishlistIdsAtom, wishlistOwnerAtom } from '#web/lib/wishlist/wishlist-atoms';
import { HeartIcon } from './icons';
import styles from './wishlist-button.module.css';

interface Props {
  product: Product;
  /** `overlay`: the round button on a card's picture; `outline`: beside a page's buttons (50 px, the Add to Cart button's height). */
  look?: 'overlay' | 'outline';
  /** The id of the product's title, so each of a grid's hearts is told apart by what it saves. */
  describedBy?: string;
  className?: string;
}

/**
 * The heart that saves a product to the wishlist and takes it off again (issue 14): its label says what a
 * press does, and aria-pressed whether it is saved. Admins have no wishlist, so they get no heart.
 */
export function WishlistButton({ product, look = 'overlay', describedBy, className }: Props) {
  const owner = useAtomValue(wishlistOwnerAtom);
  const ids = useAtomValue(wishlistIdsAtom);
  const setSaved = useSetAtom(setWishlistAtom);
  if (owner === null) return null;
  const saved = ids?.includes(product.id) ?? false;
  return (
    <button
      type="button"
      className={`${styles.heart} ${styles[look]} ${className ?? ''}`}
      aria-label={saved ? 'Remove from wishlist' : 'Add to wishlist'}
      aria-pressed={saved}
      aria-describedby={describedBy}
      onClick={() => void setSaved({ id: product.id, product, save: !saved })}
    >
      <HeartIcon size={20} fill={saved ? 'currentColor' : 'none'} />
    </button>
  );
}
