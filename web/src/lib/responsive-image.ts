/**
 * srcset for images the Threadline server stores: /uploads/<name>.<ext> is also served as
 * /uploads/<name>-<w>.webp for each w of IMAGE_WIDTHS (server/store/image-variants.ts, made on first
 * request). Anything else (external URLs, data: URLs) gets no srcset, and neither does the demo mode:
 * there Vite serves the demo pictures as plain files and nothing makes their widths.
 */
export const IMAGE_WIDTHS = [320, 640, 960] as const;

const STORED = /^\/uploads\/([A-Za-z0-9/_.-]+)\.(?:png|jpg|jpeg|webp|gif)$/;
const A_WIDTH = /-(?:320|640|960)$/;

export function uploadSrcSet(src: string, demo: boolean = __DEMO__): string | undefined {
  if (demo) return undefined;
  const m = STORED.exec(src);
  const stem = m?.[1];
  if (!stem || stem.includes('..') || A_WIDTH.test(stem)) return undefined;
  return IMAGE_WIDTHS.map((w) => `/uploads/${stem}-${w}.webp ${w}w`).join(', ');
}

/**
 * The same for a stored picture whose original is `originalWidth` px wide and may be shown wider than the
 * widest made width (the 1600 px hero slides): the made widths below it, then the original itself.
 */
export function uploadSrcSetWithOriginal(
  src: string,
  originalWidth: number,
  demo: boolean = __DEMO__,
): string | undefined {
  if (!uploadSrcSet(src, demo)) return undefined;
  const stem = src.slice(0, src.lastIndexOf('.'));
  return [
    ...IMAGE_WIDTHS.filter((w) => w < originalWidth).map((w) => `${stem}-${w}.webp ${w}w`),
    `${src} ${originalWidth}w`,
  ].join(', ');
}

/** Up to `width` CSS pixels, never wider than the screen: what the layouts give these images. */
export const imageSizes = (width: number): string => `(max-width: ${width}px) 100vw, ${width}px`;
