import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MenuIcon } from '#web/components/icons';
import { useCategories } from '#web/features/catalog/api/use-categories';
import { useAtomValue } from '#web/lib/jotai';
import { isAdminAtom, userAtom } from '#web/lib/session/auth-atoms';
import { STORE } from '#web/lib/store-config';
import { CartLink } from './cart-link';
import { CategoryBar } from './category-bar';
import { WishlistLink } from './wishlist-link';
import { SearchForm } from './search-form';
import { UserMenu } from './user-menu';
import { useUnreadNotifications } from '#web/features/account/use-notifications';
import { listingSearchOf } from '#web/features/catalog/listing-text';
import styles from './header.module.css';

/** The phone menu's drawer (closed at first paint) in its own chunk, loaded right after the first screen. */
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

/**
 * The phone's search button and field (issue 27) in their own chunk, loaded right after the first screen; until
 * then a slot of the button's size holds its place, so nothing moves. Keeps the first load within 100 kB.
 */
const PhoneSearch = lazy(() => import('./phone-search').then((m) => ({ default: m.PhoneSearch })));

/** The shared header of spec section 2. Admins get the slim version: no search, category bar, cart or wishlist. */
export function Header() {
  const user = useAtomValue(userAtom);
  const isAdmin = useAtomValue(isAdminAtom);
  const { categories } = useCategories();
  const [menuOpen, setMenuOpen] = useState(false);
  const unread = useUnreadNotifications();
  // On the list page the search box shows the search being looked at; it starts afresh whenever that changes.
  const { pathname, search } = useLocation();
  const listing = pathname === '/products' ? listingSearchOf(search) : null;

  return (
    <header className={styles.header}>
      <div className={`container ${styles.top}`}>
        <button
          type="button"
          className={styles.menuButton}
          aria-label={
            unread > 0
              ? `Open menu, ${unread} unread ${unread === 1 ? 'notification' : 'notifications'}`
              : 'Open menu'
          }
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
          {unread > 0 && (
            <span className={styles.menuBadge} aria-hidden="true">
              {unread}
            </span>
          )}
        </button>
        <Link to={isAdmin ? '/admin' : '/'} className={styles.logo} aria-label={`${STORE.name} home`}>
          <span className={styles.logoMark} aria-hidden="true">
            T
          </span>
          <span className={styles.logoText}>{STORE.name}</span>
        </Link>
        {!isAdmin && (
          <div className={styles.search}>
            <SearchForm
              key={listing ? search : 'elsewhere'}
              categories={categories}
              idPrefix="header-search"
              initialText={listing?.name ?? ''}
              initialCategory={listing?.category ?? ''}
            />
          </div>
        )}
        <div className={styles.actions}>
          {!isAdmin && (
            <Suspense fallback={<span className={styles.phoneSearchSlot} />}>
              <PhoneSearch categories={categories} initialText={listing?.name ?? ''} />
            </Suspense>
          )}
          <div className={styles.account}>
            {user ? (
              <UserMenu user={user} />
            ) : (
              <Link to="/login" className={styles.login}>
                Login / Register
              </Link>
            )}
          </div>
          {!isAdmin && <WishlistLink />}
          {!isAdmin && <CartLink />}
        </div>
      </div>
      {!isAdmin && <CategoryBar categories={categories} />}
      <Suspense fallback={null}>
        <MobileMenu
          unread={unread}
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          user={user}
          isAdmin={isAdmin}
          categories={categories}
        />
      </Suspense>
    </header>
  );
}
