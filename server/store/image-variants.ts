/**
 * Responsive widths of the stored images, as WebP, made with sharp on the first request for them and
 * then kept on disk next to their original:
 *   uploads/<sha256>.<png|jpg|webp|gif>   the original, stored once under its content hash
 *   uploads/<sha256>-<w>.webp             its widths (w in IMAGE_WIDTHS): content-derived names too,
 *                                         so they are served as immutable like the original
 *   uploads/demo/<name>.webp              demo pictures (fixed names, re-rendered when their art changes)
 *   uploads/demo/<name>-<w>.webp          their widths, made again whenever the original is newer
 * Never wider than the original (withoutEnlargement). A width that cannot be made (no original, an
 * unreadable one) is a plain 404, like any missing upload. Generation of one file runs once at a time.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import sharp from 'sharp';
import { writeFileDurably } from './lowdb-durable-file';

export const IMAGE_WIDTHS = [320, 640, 960] as const;
const VARIANT = /^(.+)-(320|640|960)\.webp$/;
const SOURCE_EXTS = ['webp', 'png', 'jpg', 'gif'];
/** Good enough for product photos at these widths, and small. */
const WEBP_QUALITY = 78;

export const isVariantName = (file: string): boolean => VARIANT.test(basename(file));

const inFlight = new Map<string, Promise<boolean>>();

const mtimeOf = (file: string): Promise<number | null> =>
  stat(file).then(
    (s) => (s.isFile() ? s.mtimeMs : null),
    () => null,
  );

/** The original a variant is made from, if there is one. */
async function sourceOf(file: string, stem: string): Promise<{ path: string; mtime: number } | null> {
  for (const ext of SOURCE_EXTS) {
    const path = join(dirname(file), `${stem}.${ext}`);
    const mtime = await mtimeOf(path);
    if (mtime !== null) return { path, mtime };
  }
  return null;
}

/**
 * Makes sure `file` (an absolute path inside uploads) exists when it names a width of a stored image.
 * Resolves true when the variant is ready to serve, false when it is not a variant or cannot be made.
 */
export async function ensureVariant(file: string): Promise<boolean> {
  const m = VARIANT.exec(basename(file));
  if (!m) return false;
  const [, stem, width] = m;
  const source = await sourceOf(file, stem!);
  if (!source) return false;
  const made = await mtimeOf(file);
  if (made !== null && made >= source.mtime) return true;
  let job = inFlight.get(file);
  if (!job) {
    job = (async () => {
      try {
        // Read the bytes ourselves: sharp's own file cache would keep serving a replaced demo picture.
        const bytes = await sharp(await readFile(source.path))
          .resize({ width: Number(width), withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer();
        await writeFileDurably(file, bytes, 0o644);
        return true;
      } catch {
        return false;
      } finally {
        inFlight.delete(file);
      }
    })();
    inFlight.set(file, job);
  }
  return job;
}
