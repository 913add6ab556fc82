import type { StatusChangeView } from '#contract/schemas/order';
import styles from './order-details-modal.module.css';

/** Every status change the server recorded: when, which admin, and old -> new. */
export function StatusHistory({ history }: { history: readonly StatusChangeView[] }) {
  return (
    <section aria-labelledby="details-history" className={styles.section}>
      <h3 id="details-history" className={styles.heading}>
        Status history
      </h3>
      {history.length === 0 ? (
        <p className={styles.empty}>No status changes yet.</p>
      ) : (
        <ol className={styles.history}>
          {history.map((h, i) => (
            <li key={`${h.at}-${i}`}>
              <time dateTime={h.at}>{new Date(h.at).toLocaleString()}</time>
              <span>{h.admin_name}</span>
              <span className={styles.change}>
                {h.from} -&gt; {h.to}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
