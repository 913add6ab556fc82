import { Link } from 'react-router';
import type { Notification } from '#contract/schemas/stock';
import { Spinner } from '#web/components/spinner';
import { ProductImage } from '#web/components/product-image';
import { useNotifications } from '../use-notifications';
import styles from './notifications.module.css';

export const NO_NOTIFICATIONS =
  'No notifications yet. When a size you asked about is back in stock, it shows here.';

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString();
}

/** "Size M, colour navy": the parts the product has. */
function variantText(n: Pick<Notification, 'size' | 'color'>): string {
  const parts = [n.size && `Size ${n.size}`, n.color && `colour ${n.color}`].filter(Boolean);
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function NotificationItem({ n, onRead }: { n: Notification; onRead: (id: number) => void }) {
  const variant = variantText(n);
  const name = variant ? `${n.product.title} (${variant})` : n.product.title;
  return (
    <li className={n.read ? styles.item : `${styles.item} ${styles.unread}`}>
      <ProductImage src={n.product.featured_image} alt="" width={56} height={70} className={styles.thumb} />
      <div className={styles.body}>
        <Link
          to={`/product/${n.product.id}`}
          className={styles.title}
          onClick={() => !n.read && onRead(n.id)}
        >
          {n.product.title}
        </Link>
        <span className={styles.text}>{variant ? `${variant} is back in stock` : 'Back in stock'}</span>
        <time className={styles.date} dateTime={n.created_at}>
          {formatDate(n.created_at)}
        </time>
      </div>
      {n.read ? null : (
        <div className={styles.side}>
          <span className={styles.new}>New</span>
          <button
            type="button"
            className={styles.markRead}
            aria-label={`Mark ${name} as read`}
            onClick={() => onRead(n.id)}
          >
            Mark as read
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * Notifications (issue 14): each size and colour the shopper asked about that is back in stock, newest first,
 * unread ones marked New. Opening one (its title) or Mark as read tells the shop it was read, which lowers the
 * header's badge too. Loaded as the profile opens.
 */
export function NotificationsList() {
  const { items, unread, loading, markRead } = useNotifications();
  return (
    <section className={styles.card} aria-labelledby="notifications-title">
      <div className={styles.head}>
        <h2 id="notifications-title" className={styles.heading}>
          Notifications
        </h2>
        {unread > 0 ? <span className={styles.count}>{unread} unread</span> : null}
      </div>
      {loading ? (
        <Spinner label="Loading notifications…" />
      ) : items.length === 0 ? (
        <p className={styles.empty}>{NO_NOTIFICATIONS}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((n) => (
            <NotificationItem key={n.id} n={n} onRead={(id) => void markRead(id)} />
          ))}
        </ul>
      )}
    </section>
  );
}
