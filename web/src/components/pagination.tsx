import { pageWindow } from './page-window';
import styles from './pagination.module.css';

interface Props {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label?: string;
}

/** Previous, Next and a window of at most 7 page numbers. The caller decides whether to show it at all. */
export function Pagination({ page, totalPages, onChange, label = 'Pagination' }: Props) {
  return (
    <nav className={styles.nav} aria-label={label}>
      <ul className={styles.list}>
        <li>
          <button type="button" className={styles.btn} disabled={page <= 1} onClick={() => onChange(page - 1)}>
            Previous
          </button>
        </li>
        {pageWindow(page, totalPages).map((n) => (
          <li key={n}>
            <button
              type="button"
              className={`${styles.btn} ${n === page ? styles.current : ''}`}
              aria-current={n === page ? 'page' : undefined}
              aria-label={`Page ${n}`}
              onClick={() => onChange(n)}
            >
              {n}
            </button>
          </li>
        ))}
        <li>
          <button type="button" className={styles.btn} disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
            Next
          </button>
        </li>
      </ul>
    </nav>
  );
}
