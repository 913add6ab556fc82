import { IMAGE_WIDTHS } from './responsive-image';

/**
 * Offline, a picture the service worker has not cached may still be there in another width: the catalogue
 * sync keeps the 320 px width of the likeliest pictures (picture-warmup.ts), while a listing's srcset may ask
 * for the 640 or 960 on a wide or dense screen. These are the URLs to try instead, best first: the 320 (the
 * width the warm-up keeps), then the other widths nearest the one asked for (ties: the wider), then the
 * original under each extension a stored picture may have. Pure, so the worker (web/src/sw.ts) stays thin.
 */
const ORIGINAL_EXTS = ['webp', 'png', 'jpg', 'jpeg', 'gif'] as const;
const PICTURE = /^\/uploads\/([A-Za-z0-9/_.-]+?)(?:-(320|640|960))?\.(png|jpg|jpeg|webp|gif)$/;
/** The width an original counts as when ranking: wider than any made width. */
const ORIGINAL_WIDTH = 2 * Math.max(...IMAGE_WIDTHS);

/** `url`: an absolute URL (a worker's request.url). Same-origin absolute URLs back; [] for anything else. */
export function pictureFallbacks(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const m = PICTURE.exec(parsed.pathname);
  const stem = m?.[1];
  if (!m || !stem || stem.includes('..')) return [];
  const asked = m[2] ? Number(m[2]) : null;
  // A width is always WebP; `<stem>-320.png` is an original whose name happens to end in a width.
  if (asked !== null && m[3] !== 'webp') return [];
  const target = asked ?? ORIGINAL_WIDTH;
  const widths = IMAGE_WIDTHS.filter((w) => w !== asked).sort(
    (a, b) => Number(b === 320) - Number(a === 320) || Math.abs(a - target) - Math.abs(b - target) || b - a,
  );
  const at = (path: string) => new URL(path, parsed.origin).href;
  const originals = asked === null ? [] : ORIGINAL_EXTS.map((ext) => at(`/uploads/${stem}.${ext}`));
  return [...widths.map((w) => at(`/uploads/${stem}-${w}.webp`)), ...originals];
}
