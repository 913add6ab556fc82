import type { Category } from '#contract/schemas/category';
import { EditIcon, RefreshIcon, TagIcon, TrashIcon } from './icons';
import { LoadFailed } from './load-failed';
import ui from './admin-ui.module.css';
import styles from './categories-page.module.css';

interface CategoryListProps {
  categories: Category[];
  loading: boolean;
  /** The list could not be loaded at all: Try again instead of the empty state. */
  failed: boolean;
  onRetry: () => void;
  deletingId: number | null;
  onEdit: (c: Category) => void;
  onDelete: (c: Category) => void;
}

export function CategoryList({
  categories,
  loading,
  failed,
  onRetry,
  deletingId,
  onEdit,
  onDelete,
}: CategoryListProps) {
  return (
    <section className={`${ui.card} ${styles.listCard}`} aria-labelledby="category-list-title">
      <div className={styles.listHeader}>
        <h2 id="category-list-title" className={styles.formTitle}>
          All categories
        </h2>
        <span className={styles.live}>
          <RefreshIcon width={14} height={14} />
          Auto-refreshing
        </span>
      </div>
      {loading ? (
        <div className={ui.center} role="status" aria-label="Loading categories">
          <span className={ui.spinner} />
        </div>
      ) : failed ? (
        <LoadFailed what="the categories" onRetry={onRetry} card={false} />
      ) : categories.length === 0 ? (
        <div className={ui.center}>
          <TagIcon width={40} height={40} />
          <p className={styles.emptyTitle}>No Categories Yet</p>
          <p>Add your first category with the form.</p>
        </div>
      ) : (
        <ul className={styles.list}>
          {categories.map((c) => (
            <li key={c.id} className={styles.item}>
              {c.image ? (
                <img src={c.image} alt="" className={styles.thumb} />
              ) : (
                <span className={styles.thumb} aria-hidden="true">
                  <TagIcon />
                </span>
              )}
              <span className={styles.itemText}>
                <span className={styles.itemName}>{c.name}</span>
                <span className={styles.itemId}>Category ID: {c.id}</span>
              </span>
              <span className={styles.itemActions}>
                <button
                  type="button"
                  className={`${ui.secondary} ${ui.small}`}
                  onClick={() => onEdit(c)}
                  aria-label={`Edit ${c.name}`}
                >
                  <EditIcon width={16} height={16} /> Edit
                </button>
                <button
                  type="button"
                  className={`${ui.danger} ${ui.small}`}
                  onClick={() => onDelete(c)}
                  disabled={deletingId === c.id}
                  aria-label={deletingId === c.id ? `Deleting ${c.name}` : `Delete ${c.name}`}
                >
                  <TrashIcon width={16} height={16} /> {deletingId === c.id ? 'Deleting...' : 'Delete'}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
