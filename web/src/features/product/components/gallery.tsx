import { useState } from 'react';
import { ProductImage } from '#web/components/product-image';
import styles from './product-detail.module.css';

/** The featured image with thumbnails; picking a thumbnail makes it the featured image. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const [current, setCurrent] = useState(images[0] ?? null);
  return (
    <div className={styles.gallery}>
      <div className={styles.featured}>
        <ProductImage src={current} alt={title} width={900} height={1125} eager />
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
