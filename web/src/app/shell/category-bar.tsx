import { Link, NavLink, useLocation } from 'react-router';
import type { Category } from '#contract/schemas/category';
import styles from './header.module.css';

export const BAR_CATEGORIES = 6;

/** The large-screen bottom bar: HOME plus the first 6 categories in upper case. */
export function CategoryBar({ categories }: { categories: Category[] }) {
  const { pathname, search } = useLocation();
  const active = pathname === '/products' ? new URLSearchParams(search).get('category') : null;
  return (
    <nav className={styles.bar} aria-label="Shop categories">
      <ul className={`container ${styles.barList}`}>
        <li>
          <NavLink
            to="/"
            end
            className={({ isActive }) => `${styles.barLink} ${isActive ? styles.barActive : ''}`}
          >
            HOME
          </NavLink>
        </li>
        {categories.slice(0, BAR_CATEGORIES).map((c) => (
          <li key={c.id}>
            <Link
              to={`/products?category=${encodeURIComponent(c.slug)}`}
              className={`${styles.barLink} ${active === c.slug ? styles.barActive : ''}`}
              aria-current={active === c.slug ? 'page' : undefined}
            >
              {c.name.toUpperCase()}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
