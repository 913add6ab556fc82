import { uploadSrcSetWithOriginal } from '#web/lib/responsive-image';

/** The slides' pictures are 1600x700 originals (fixtures), stored with their 320/640/960 px widths. */
export const HERO_WIDTH = 1600;
export const HERO_HEIGHT = 700;

/**
 * How wide the hero paints its picture: object-fit: cover in a full-width track clamp(420px, 60vw, 600px)
 * tall (hero-carousel.module.css), so never narrower than the screen nor than the track's height times
 * 16/7 (960 px on a phone, 1372 px at 600 px). A phone thus takes the 960 px width at 1x and the original
 * from 1.5x up, as before: the picture keeps its sharpness, only 1x phones and tablets fetch less.
 */
export const HERO_SIZES = 'max(100vw, clamp(960px, 137.2vw, 1372px))';

/**
 * src, srcset and sizes of a slide's picture: the <img> and the preload of the first one (main.tsx) use
 * the very same, so the browser picks the same file for both and fetches it once.
 */
export function heroImage(src: string): {
  src: string;
  srcSet: string | undefined;
  sizes: string | undefined;
} {
  const srcSet = uploadSrcSetWithOriginal(src, HERO_WIDTH);
  return { src, srcSet, sizes: srcSet ? HERO_SIZES : undefined };
}
