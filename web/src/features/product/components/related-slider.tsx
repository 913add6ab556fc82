import { useRef } from 'react';
import type { Product } from '#contract/schemas/product';
import { ChevronLeftIcon, ChevronRightIcon } from '#web/components/icons';
import { LoadFailed } from '#web/components/load-failed';
import { ProductCard } from '#web/components/product-card';
import styles from './related-slider.module.css';

/** Related products in a horizontal strip; previous/next scroll by the strip's width minus 100 px (spec). */
export const SCROLL_OVERLAP_PX = 100;

interface Props {
  products: Product[];
  /** The related products did not load: the section says so with Try again instead of vanishing (issue 27). */
  failed: boolean;
  onRetry: () => void;
}

export function RelatedSlider({ products, failed, onRetry }: Props) {
  const track = useRef<HTMLUListElement>(null);
  if (failed)
    return (
      <section className={styles.related} aria-labelledby="related-heading">
        <h2 id="related-heading" className={styles.heading}>
          You may also like
        </h2>
        <LoadFailed what="the related products" onRetry={onRetry} />
      </section>
    );
  if (products.length === 0) return null;
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    el.scrollBy({ left: direction * (el.clientWidth - SCROLL_OVERLAP_PX), behavior: 'smooth' });
  };
  return (
    <section className={styles.related} aria-labelledby="related-heading">
      <div className={styles.head}>
        <h2 id="related-heading" className={styles.heading}>
          You may also like
        </h2>
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.arrow}
            aria-label="Previous products"
            onClick={() => scroll(-1)}
          >
            <ChevronLeftIcon />
          </button>
          <button type="button" className={styles.arrow} aria-label="Next products" onClick={() => scroll(1)}>
            <ChevronRightIcon />
          </button>
        </div>
      </div>
      <ul ref={track} className={styles.track} data-testid="related-track">
        {products.map((p) => (
          <li key={p.id} className={styles.item}>
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
