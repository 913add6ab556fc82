import { Link, NavLink, Outlet } from 'react-router';
import { useAtomValue } from '#web/lib/jotai';
import { userAtom } from '#web/lib/session/auth-atoms';
import {
  BoxIcon,
  ClockIcon,
  DashboardIcon,
  MailIcon,
  ReceiptIcon,
  StoreIcon,
  TagIcon,
  UserIcon,
} from './icons';
import styles from './admin-layout.module.css';

const LINKS = [
  { to: '/admin', label: 'Dashboard', icon: DashboardIcon, end: true },
  { to: '/admin/products', label: 'Products', icon: BoxIcon, end: false },
  { to: '/admin/categories', label: 'Categories', icon: TagIcon, end: false },
  { to: '/admin/orders', label: 'Orders', icon: ReceiptIcon, end: false },
  { to: '/admin/activity', label: 'Activity', icon: ClockIcon, end: false },
  { to: '/admin/mail', label: 'Mailbox', icon: MailIcon, end: false },
] as const;

/**
 * The admin shell: sidebar with the six sections and the admin badge, the chosen page beside it.
 * On phones the sections are one row that scrolls sideways under the shop's header: one menu button on the
 * screen (the shop's), not two (issue 27). View shop leads back to the storefront.
 */
export function AdminLayout() {
  const user = useAtomValue(userAtom);

  return (
    <div className={styles.shell}>
      <aside className={styles.sidebar} aria-label="Admin Panel">
        <div className={styles.sidebarInner}>
          <div className={styles.brandRow}>
            <div>
              <p className={styles.title}>Admin Panel</p>
              <p className={styles.subtitle}>Management Dashboard</p>
            </div>
          </div>
          <div className={styles.collapsible}>
            <nav aria-label="Admin sections">
              <ul className={styles.links}>
                {LINKS.map(({ to, label, icon: Icon, end }) => (
                  <li key={to}>
                    <NavLink
                      to={to}
                      end={end}
                      className={({ isActive }) =>
                        isActive ? `${styles.link} ${styles.active}` : styles.link
                      }
                    >
                      <Icon />
                      <span>{label}</span>
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <Link to="/" className={styles.shopLink}>
              <StoreIcon />
              <span>View shop</span>
            </Link>
            <div className={styles.badge}>
              <span className={styles.avatar}>
                <UserIcon />
              </span>
              <span className={styles.badgeText}>
                <span className={styles.badgeName}>{user?.name || user?.email}</span>
                <span className={styles.badgeRole}>Administrator</span>
              </span>
            </div>
          </div>
        </div>
      </aside>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
