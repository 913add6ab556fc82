/**
 * Files that are not the API: uploaded images from DATA_DIR/uploads (content-hash names, so cached
 * for a year as immutable; only the names upload-names.ts allows, and their <320|640|960>.webp widths
 * and -og.jpg link-preview pictures are made on first request by image-variants.ts; in a demo shop, a demo picture the background run has
 * not written yet is rendered on its first request by demo-pictures.ts) and the built web app from dist/.
 * A miss is a 404 with `Cache-Control: no-store`, so no browser, worker or proxy keeps it. The app's entry
 * points (index.html, sw.js, manifest.webmanifest) are always revalidated so a deploy is picked up; any
 * other unknown GET gets index.html, letting the client router handle the path.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Context, Middleware } from 'koa';
import { DomainError } from '#server/core/api/errors';
import type { DemoPictures, DemoPictureState } from '#server/store/demo-pictures';
import { ensureVariant } from '#server/store/image-variants';
import { demoPictureOf, parseUploadName } from '#server/store/upload-names';
import { COMPRESS_MIN_BYTES, compressedOnce, isCompressible, pickEncoding } from '../compression';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE_FILES = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'mockServiceWorker.js']);

/** root/rel as an absolute path if it stays inside root; null otherwise. */
function inside(root: string, rel: string): { file: string; decoded: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    return null;
  }
  const file = normalize(join(root, decoded));
  if (file !== root && !file.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  return { file, decoded };
}

/** Sends root/rel if it is a regular file inside root; false otherwise. */
async function sendFile(
  ctx: Context,
  root: string,
  rel: string,
  cacheControl: (rel: string) => string,
): Promise<boolean> {
  const where = inside(root, rel);
  if (!where) return false;
  const { file, decoded } = where;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return false;
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  ctx.status = 200;
  ctx.type = type;
  ctx.lastModified = info.mtime;
  ctx.set('Cache-Control', cacheControl(decoded));
  ctx.set('X-Content-Type-Options', 'nosniff');
  if (isCompressible(type)) ctx.vary('Accept-Encoding');
  const encoding =
    isCompressible(type) && info.size >= COMPRESS_MIN_BYTES ? pickEncoding(ctx.get('accept-encoding')) : null;
  if (encoding && ctx.method !== 'HEAD') {
    const bytes = await compressedOnce(
      `${file}\u0000${info.size}\u0000${info.mtimeMs}`,
      encoding,
      () => readFile(file),
      'static',
    );
    ctx.set('Content-Encoding', encoding);
    ctx.body = bytes;
    return true;
  }
  ctx.length = info.size;
  ctx.body = ctx.method === 'HEAD' ? null : createReadStream(file);
  return true;
}

/** Seconds a client is asked to wait when the resize queue is full: about one queue's worth of work. */
const BUSY_RETRY_AFTER = '2';

/** `demoPictures`: renders a demo picture on its first request (demo shops only; boot.ts decides). */
export function serveUploads(uploadsDir: string, demoPictures?: DemoPictures): Middleware {
  const root = normalize(uploadsDir);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith('/uploads/')) return next();
    // The raw path, matched before any disk access: an unknown name costs nothing and makes nothing.
    const name = parseUploadName(ctx.path.slice('/uploads/'.length));
    const demo = name && demoPictures ? demoPictureOf(name) : null;
    // A width of a demo picture needs the picture first.
    let state: DemoPictureState = name ? 'ready' : 'missing';
    if (demo && demoPictures) state = await demoPictures.ensure(demo);
    if (name && state === 'ready' && name.kind !== 'original') state = await ensureVariant(root, name);
    if (state === 'busy') {
      ctx.set('Retry-After', BUSY_RETRY_AFTER);
      throw new DomainError(
        'storage_unavailable',
        'Too many images are being prepared; please retry shortly',
      );
    }
    if (name && state === 'ready' && (await sendFile(ctx, root, name.path, () => IMMUTABLE))) return;
    ctx.status = 404;
    ctx.body = { message: 'Not found', code: 'not_found' };
    // A picture missing now may exist a moment later (a demo picture, a width being made): keep no copy.
    ctx.set('Cache-Control', 'no-store');
  };
}

const appCache = (rel: string): string => {
  const base = rel.split('/').pop() ?? '';
  if (NO_CACHE_FILES.has(base)) return 'no-cache';
  return rel.startsWith('/assets/') || rel.startsWith('assets/') ? IMMUTABLE : 'public, max-age=3600';
};

/**
 * `redirectUnknown` (the page routes are on, pages/page-routes.ts): they have answered every path of the
 * app, so a path that is no file either is the spec's unknown path: a redirect to / (a missing file name,
 * with an extension, is a plain 404 instead, so a lost script or picture is never answered with HTML).
 * `files: false` (`npm run dev`, where Vite serves the app's files): only that answer for unknown paths.
 */
export function serveWebApp(distDir: string, { redirectUnknown = false, files = true } = {}): Middleware {
  const root = normalize(distDir);
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const rel = ctx.path === '/' ? 'index.html' : ctx.path.slice(1);
    // dist/server/ holds the server's own rendering code (issue 28): never a file of the site.
    const target = inside(root, rel);
    const serverCode = target !== null && `${target.file}${sep}`.startsWith(join(root, 'server') + sep);
    if (files && !serverCode && (await sendFile(ctx, root, rel, appCache))) return;
    if (redirectUnknown && !ctx.path.startsWith('/api/')) {
      ctx.set('Cache-Control', 'no-store');
      if (/\.[^/]*$/.test(ctx.path)) {
        ctx.status = 404;
        ctx.type = 'text/plain';
        ctx.body = 'Not found';
        return;
      }
      ctx.status = 302;
      ctx.redirect('/');
      return;
    }
    if (await sendFile(ctx, root, 'index.html', appCache)) return;
    ctx.status = 404;
    ctx.type = 'text/plain';
    ctx.body = 'The web app is not built yet: run `npm run build` (or use `npm run dev`).';
  };
}
