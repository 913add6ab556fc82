/**
 * The only names served under /uploads/, checked on the raw URL path before any disk access:
 *   <sha256>.<png|jpg|webp|gif>       an original (fs-image-storage.ts)
 *   demo/<name>.webp                  a demo picture (fixtures/demo-image-names.ts)
 *   <either stem>-<320|640|960>.webp  a width of one of those (image-variants.ts)
 *   <either stem>-og.jpg              its link-preview picture: 1200 × 630 JPEG (Open Graph, pages/)
 * A width is only ever of an original, never of another width: demo names may not end in a width, and
 * a hash stem is exactly 64 hex digits, so `x-320-640.webp` matches nothing. Every file the server may
 * make is therefore one of three per original. Percent-escapes, dots, dotfiles and temp files never match.
 */
export const IMAGE_WIDTHS = [320, 640, 960] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/** The Open Graph picture: the 1.91:1 size link previews (Facebook, WhatsApp, X, Slack) show large. */
export const OG_IMAGE = { width: 1200, height: 630 } as const;

const HASH = /^[a-f0-9]{64}$/;
const DEMO_STEM = /^demo\/[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ENDS_IN_WIDTH = /-(?:320|640|960|og)$/;
const ORIGINAL_EXTS = ['png', 'jpg', 'webp', 'gif'] as const;
/** Longer than any name we make (demo names are a few dozen characters); keeps the regexes cheap. */
const MAX_PATH = 160;

export type UploadName =
  | { kind: 'original'; path: string }
  | { kind: 'variant'; path: string; width: ImageWidth; sources: string[] }
  | { kind: 'og'; path: string; sources: string[] };

const isHashStem = (stem: string): boolean => HASH.test(stem);
const isDemoStem = (stem: string): boolean => DEMO_STEM.test(stem) && !ENDS_IN_WIDTH.test(stem);

/** Where a variant's original may be, most likely first; demo pictures are always WebP. */
const sourcesOf = (stem: string): string[] =>
  isHashStem(stem) ? ORIGINAL_EXTS.map((ext) => `${stem}.${ext}`) : [`${stem}.webp`];

/** `rel` is the URL path after /uploads/, still percent-encoded; null for anything we never serve. */
export function parseUploadName(rel: string): UploadName | null {
  if (rel.length > MAX_PATH) return null;
  const dot = rel.lastIndexOf('.');
  if (dot < 0) return null;
  const stem = rel.slice(0, dot);
  const ext = rel.slice(dot + 1);
  const width = /^(.+)-(320|640|960)$/.exec(stem);
  if (width && ext === 'webp') {
    const [, of = '', digits] = width;
    const w = IMAGE_WIDTHS.find((x) => String(x) === digits);
    if (w && (isHashStem(of) || isDemoStem(of)))
      return { kind: 'variant', path: rel, width: w, sources: sourcesOf(of) };
  }
  const og = /^(.+)-og$/.exec(stem)?.[1];
  if (og && ext === 'jpg' && (isHashStem(og) || isDemoStem(og)))
    return { kind: 'og', path: rel, sources: sourcesOf(og) };
  if (isHashStem(stem) && (ORIGINAL_EXTS as readonly string[]).includes(ext))
    return { kind: 'original', path: rel };
  if (isDemoStem(stem) && ext === 'webp') return { kind: 'original', path: rel };
  return null;
}

const DEMO_FILE = /^demo\/([a-z0-9-]+)\.webp$/;

/**
 * The demo picture a name is, or is a width of: `demo/<name>.webp` gives `<name>` (the renderer's name for it,
 * fixtures/demo-image-names.ts); null for uploads. Only ever called on names parseUploadName accepted.
 */
export function demoPictureOf(name: UploadName): string | null {
  const original = name.kind === 'original' ? name.path : name.sources[0];
  return DEMO_FILE.exec(original ?? '')?.[1] ?? null;
}

/** The link-preview picture's URL path for an image URL we serve (`/uploads/<original>`); null for any other. */
export function ogImagePath(url: string): string | null {
  if (!url.startsWith('/uploads/')) return null;
  const name = parseUploadName(url.slice('/uploads/'.length));
  if (name?.kind !== 'original') return null;
  return `/uploads/${name.path.slice(0, name.path.lastIndexOf('.'))}-og.jpg`;
}
