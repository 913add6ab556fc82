import { useState } from 'react';
import { ProductImage } from '#web/components/product-image';
import styles from './product-detail.module.css';

/**
 * The featured image's width (product-detail.module.css): the container's on phones, a bit over half of it
 * beside the details from 900 px (1240 px container).
 */
const FEATURED_SIZES = '(min-width: 1240px) 640px, (min-width: 900px) 53vw, calc(100vw - 32px)';

/** The featured image with thumbnails; picking a thumbnail makes it the featured image. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const [current, setCurrent] = useState(images[0] ?? null);
  return (
    <div className={styles.gallery}>
      <div className={styles.featured}>
        <ProductImage src={current} alt={title} width={900} height={1125} sizes={FEATURED_SIZES} eager />
      </div>
      {images.length > 1 && (
        <ul className={styles.thumbs} aria-label="Product images">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                className={styles.thumb}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-pressed={src === current}
                onClick={() => setCurrent(src)}
              >
                <ProductImage src={src} alt="" width={120} height={150} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
