import styles from './card-skeleton.module.css';

interface Props {
  count: number;
  /** The grid class of the page, so the placeholders take exactly the cards' places. */
  gridClassName: string | undefined;
  label?: string;
}

/** Grey card shapes while products load: the page keeps its layout instead of jumping when they arrive. */
export function CardSkeleton({ count, gridClassName, label = 'Loading products…' }: Props) {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <ul className={gridClassName} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className={styles.card}>
            <span className={styles.media} />
            <span className={styles.line} />
            <span className={`${styles.line} ${styles.short}`} />
            <span className={styles.button} />
          </li>
        ))}
      </ul>
    </div>
  );
}
