import { useState } from 'react';
import { imageSizes, uploadSrcSet } from '#web/lib/responsive-image';
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
  if (!src || failed === src || (failedOffline.has(src) && offline())) {
    return (
      <div className={`${styles.placeholder} ${className ?? ''}`} role="img" aria-label={alt ? `${alt} (no image)` : 'No image'}>
        <span aria-hidden="true">No image</span>
      </div>
    );
  }
  // Stored images come in 320/640/960 px WebP widths: the browser picks the smallest that fits.
  const srcSet = uploadSrcSet(src);
  return (
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
}
