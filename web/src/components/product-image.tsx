import { useState } from 'react';
import { imageSizes, uploadSrcSet } from '#web/lib/responsive-image';
import { usePicturesHeld } from '#web/lib/main-pictures';
import styles from './product-image.module.css';

interface Props {
  src: string | null | undefined;
  alt: string;
  width?: number;
  height?: number;
  /** Above-the-fold images load eagerly; everything else waits until it scrolls near. */
  eager?: boolean;
  className?: string;
  /** The `sizes` of the srcset; by default `width` CSS pixels, or the screen's width when narrower. */
  sizes?: string;
}

/**
 * Pictures that failed to load while the browser was offline (issue 29): until the connection is back they are
 * shown as the placeholder at once, without asking again. Offline, a picture the service worker could not answer
 * (no width of it cached) stays unanswerable, and asking costs each card a request and a second render.
 */
const failedOffline = new Set<string>();
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
if (typeof window !== 'undefined') window.addEventListener('online', () => failedOffline.clear());

/** Product and category art: fixed width/height so nothing jumps while loading, placeholder when missing. */
export function ProductImage({ src, alt, width = 600, height = 750, eager = false, className, sizes }: Props) {
  // A missing or broken file shows the same placeholder as "no image" instead of a broken-image icon.
  const [failed, setFailed] = useState<string | null>(null);
  const held = usePicturesHeld() && !eager;
  if (!src || failed === src || (failedOffline.has(src) && offline())) {
    return (
      <div className={`${styles.placeholder} ${className ?? ''}`} role="img" aria-label={alt ? `${alt} (no image)` : 'No image'}>
        <span aria-hidden="true">No image</span>
      </div>
    );
  }
  // Stored images come in 320/640/960 px WebP widths: the browser picks the smallest that fits.
  const srcSet = uploadSrcSet(src);
  const img = (
    <img
      className={`${styles.img} ${className ?? ''}`}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? imageSizes(width)) : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      onError={() => {
        if (offline()) failedOffline.add(src);
        setFailed(src);
      }}
    />
  );
  if (!held) return img;
  // The rendered first screen's main pictures first (main-pictures.ts): with scripting, a blank of this size.
  return (
    <picture className={styles.held}>
      <source media="(scripting: enabled)" srcSet={blankPicture(width, height)} />
      {img}
    </picture>
  );
}

/** An empty SVG of the picture's proportions (no request, no shift when the real one comes). */
export function blankPicture(width: number, height: number): string {
  return `data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22%20width=%22${width}%22%20height=%22${height}%22/%3E`;
}
