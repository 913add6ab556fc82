/**
 * Responsive widths of the stored images, as WebP, made with sharp on the first request for them and
 * then kept on disk next to their original (names: upload-names.ts):
 *   uploads/<sha256>-<w>.webp      widths of an upload: content-derived names, served as immutable
 *   uploads/demo/<name>-<w>.webp   widths of a demo picture, made again whenever the picture is newer
 * Never wider than the original (withoutEnlargement). A width that cannot be made (no original, an
 * unreadable one, one over MAX_INPUT_PIXELS) is a plain 404, like any missing upload.
 * Anyone may ask for a width, so the work is bounded: one job per file at a time, VARIANT_JOBS.concurrency
 * jobs at once across the process, a bounded wait list, and 'busy' (503) past it.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { createJobGate } from './job-gate';
import { writeFileDurably } from './lowdb-durable-file';
import type { UploadName } from './upload-names';
import { OG_IMAGE } from './upload-names';

type VariantName = Extract<UploadName, { kind: 'variant' | 'og' }>;
export type VariantState = 'ready' | 'missing' | 'busy';

/** Good enough for product photos at these widths, and small. */
const WEBP_QUALITY = 78;
/**
 * Link previews want a JPEG or PNG of at least 1200 px and under 300 kB (Facebook, WhatsApp): the OG
 * picture is the whole product photo fitted into 1200 × 630 on its own background colour (its top-left pixel:
 * product photos stand on a plain ground; a crop cut off a portrait garment's collar and hem), enlarged if it
 * must be, and made again at lower quality if too big.
 */
const OG_QUALITIES = [82, 68, 55, 40];
export const OG_MAX_BYTES = 300 * 1024;
/** A 2 MB upload can declare 20000x20000 px; decoding that would take gigabytes. 40 MP still fits camera photos. */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * Two resizes at once keep the API responsive on a small box; 64 waiting covers a cold page full of
 * product cards, and each waiting job holds only a closure (the original is read once it runs).
 */
export const VARIANT_JOBS = { concurrency: 2, maxQueue: 64 };

/** The process-wide gate: sharp's thread pool is process-wide too. */
export const variantGate = createJobGate(VARIANT_JOBS);
const inFlight = new Map<string, Promise<VariantState>>();
const jobs = { running: 0, peak: 0 };

/** Counted inside the job itself, not by the gate, so a broken gate shows up here. */
export const variantJobStats = (): { running: number; peak: number } => ({ ...jobs });
export const resetVariantJobPeak = (): void => {
  jobs.peak = jobs.running;
};

let sharpTuned = false;
/** Set on first use rather than at import; the same settings suit the demo renderer sharing this process. */
function tuneSharp(): void {
  if (sharpTuned) return;
  sharpTuned = true;
  // Each file is resized once and then served from disk: sharp's decoded-image cache would only hold memory.
  sharp.cache(false);
  // One libvips thread per image, whatever the platform's default, so two jobs use at most about two cores.
  sharp.concurrency(1);
}

const mtimeOf = (file: string): Promise<number | null> =>
  stat(file).then(
    (s) => (s.isFile() ? s.mtimeMs : null),
    () => null,
  );

async function sourceOf(root: string, candidates: string[]): Promise<{ path: string; mtime: number } | null> {
  for (const rel of candidates) {
    const path = join(root, rel);
    const mtime = await mtimeOf(path);
    if (mtime !== null) return { path, mtime };
  }
  return null;
}

const isFresh = async (file: string, sourceMtime: number): Promise<boolean> =>
  ((await mtimeOf(file)) ?? -Infinity) >= sourceMtime;

/** The photo's ground: its top-left pixel, flattened on white. */
async function groundOf(input: Buffer): Promise<{ r: number; g: number; b: number }> {
  const px = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .flatten({ background: '#ffffff' })
    .extract({ left: 0, top: 0, width: 1, height: 1 })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  return { r: px[0] ?? 255, g: px[1] ?? 255, b: px[2] ?? 255 };
}

async function ogPicture(input: Buffer): Promise<Buffer> {
  const background = await groundOf(input);
  let out: Buffer | undefined;
  for (const quality of OG_QUALITIES) {
    out = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize({ ...OG_IMAGE, fit: 'contain', background })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    if (out.length < OG_MAX_BYTES) return out;
  }
  throw new Error('The link-preview picture stays over its byte budget');
}

async function makeVariant(
  file: string,
  source: { path: string; mtime: number },
  name: VariantName,
): Promise<VariantState> {
  // Another request may have made it while this one waited for a slot.
  if (await isFresh(file, source.mtime)) return 'ready';
  tuneSharp();
  jobs.running++;
  jobs.peak = Math.max(jobs.peak, jobs.running);
  try {
    // Read the bytes ourselves: sharp's own file cache would keep serving a replaced demo picture.
    const input = await readFile(source.path);
    const bytes =
      name.kind === 'og'
        ? await ogPicture(input)
        : await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
            .resize({ width: name.width, withoutEnlargement: true })
            .webp({ quality: WEBP_QUALITY })
            .toBuffer();
    await writeFileDurably(file, bytes, 0o644);
    return 'ready';
  } catch {
    return 'missing';
  } finally {
    jobs.running--;
  }
}

/** Makes sure the width `name` exists in `root` (the uploads folder) and is not older than its original. */
export async function ensureVariant(root: string, name: VariantName): Promise<VariantState> {
  const file = join(root, name.path);
  const source = await sourceOf(root, name.sources);
  if (!source) return 'missing';
  if (await isFresh(file, source.mtime)) return 'ready';
  const running = inFlight.get(file);
  if (running) return running;
  const gated = variantGate.tryRun(() => makeVariant(file, source, name));
  if (!gated) return 'busy';
  const job = gated.finally(() => inFlight.delete(file));
  inFlight.set(file, job);
  return job;
}
