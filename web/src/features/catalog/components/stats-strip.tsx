import styles from './stats-strip.module.css';

/** Stats strip: product count followed by +, then the three fixed promises of the spec. */
export function StatsStrip({ productCount }: { productCount: number }) {
  const items = [`${productCount}+ Products`, '100% Quality', '24/7 Support', 'Fast Delivery'];
  return (
    <ul className={styles.strip} aria-label="Why shop with us">
      {items.map((text) => {
        // The first word is the figure, set large; the rest is its caption. The text reads as one phrase.
        const [figure, ...caption] = text.split(' ');
        return (
          <li key={text} className={styles.item}>
            <span className={styles.value}>{figure}</span> <span className={styles.label}>{caption.join(' ')}</span>
          </li>
        );
      })}
    </ul>
  );
}
