import { Link } from 'react-router';
import type { Category } from '#contract/schemas/category';
import type { User } from '#contract/schemas/user';
import { Drawer } from '#web/components/drawer';
import { useAtomValue } from '#web/lib/jotai';
import { cartCountAtom } from '#web/lib/session/cart-atoms';
import { SearchForm } from './search-form';
import { useLogout } from './use-logout';
import styles from './mobile-menu.module.css';

interface Props {
  open: boolean;
  onClose: () => void;
  user: User | null;
  /** Unread back-in-stock notifications, shown beside Profile. */
  unread?: number;
  isAdmin: boolean;
  categories: Category[];
}

/**
 * The small-screen side menu: Home, all categories (non-admins), Login / Register or Profile and Logout,
 * and Cart (n items) for non-admins. It also carries the search form, which the spec's header shows only on
 * large screens — without it a phone shopper could not search at all.
 */
export function MobileMenu({ open, onClose, user, isAdmin, categories, unread = 0 }: Props) {
  const count = useAtomValue(cartCountAtom);
  const logout = useLogout();
  return (
    <Drawer open={open} onClose={onClose} title="Menu">
      {!isAdmin && (
        <SearchForm
          categories={categories}
          idPrefix="drawer-search"
          onSearched={onClose}
          className={styles.search}
          compact
        />
      )}
      <nav aria-label="Mobile">
        <ul className={styles.list}>
          <li>
            <Link to="/" className={styles.link} onClick={onClose}>
              Home
            </Link>
          </li>
          {!isAdmin &&
            categories.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/products?category=${encodeURIComponent(c.slug)}`}
                  className={styles.link}
                  onClick={onClose}
                >
                  {c.name}
                </Link>
              </li>
            ))}
        </ul>
        <ul className={`${styles.list} ${styles.account}`}>
          {user ? (
            <>
              <li>
                <Link to="/profile" className={styles.link} onClick={onClose}>
                  Profile
                  {unread > 0 && (
                    <>
                      {' '}
                      <span className={styles.count}>{`${unread} new`}</span>{' '}
                      <span className="visually-hidden">
                        {unread === 1 ? 'notification' : 'notifications'}
                      </span>
                    </>
                  )}
                </Link>
              </li>
              <li>
                <button
                  type="button"
                  className={styles.link}
                  onClick={() => {
                    onClose();
                    void logout();
                  }}
                >
                  Logout
                </button>
              </li>
            </>
          ) : (
            <li>
              <Link to="/login" className={styles.link} onClick={onClose}>
                Login / Register
              </Link>
            </li>
          )}
          {!isAdmin && (
            <li>
              <Link to="/cart" className={styles.link} onClick={onClose}>
                Cart ({count} {count === 1 ? 'item' : 'items'})
              </Link>
            </li>
          )}
        </ul>
      </nav>
    </Drawer>
  );
}
