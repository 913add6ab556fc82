/**
 * The crawler-facing answers of the shop's pages (issue 28): GET and HEAD of every app route get the
 * built shell with the page's own head (render-page.ts), /product/<unknown> a 404 with the same shell
 * (the client shows "Product not found"), /sitemap*.xml and /robots.txt their files. Paths that are no
 * page of the app are left to the static files, whose answer for an unknown one is the redirect to /.
 *
 * Caching without leaks: a page is made from the catalogue and the site settings only, never from the
 * request (no cookie, no Host, no session), so one copy serves every visitor. Copies live in a bounded
 * cache (structures/bounded-cache.ts, the answer caches' own) keyed by the normalised path and the
 * catalogue parameters (answer-key.ts: unknown parameters share one copy), tagged with the catalogue
 * version so any catalogue write drops them all, and sent with an ETag and `Cache-Control: no-cache`.
 */
import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { etagMatches } from '#server/core/api/etag';
import { BoundedCache, stringBytes } from '#server/core/structures/bounded-cache';
import { answerKey } from '../answer-key';
import { COMPRESS_MIN_BYTES, compressedOnce, pickEncoding } from '../compression';
import type { PageSource } from './page-source';
import { pageRouteOf } from './page-routes-table';
import { createShellLoader, pageHtml } from './page-shell';
import { createPageRenderer } from './render-page';
import type { SiteSettings } from './site';
import { createSitemaps } from './sitemap';

const HTML_TYPE = 'text/html; charset=utf-8';
export const PAGE_CACHE_MAX_BYTES = 16 * 1024 * 1024;
export const PAGE_CACHE_MAX_ENTRIES = 2_000;
const ENTRY_OVERHEAD = 512;

interface Prepared {
  status: number;
  type: string;
  etag: string;
  bytes: Buffer;
  /** The shell it was made from ('' for files that use none). */
  shell: string;
}

export interface PagesOptions {
  source: PageSource;
  site: SiteSettings;
  distDir: string;
  /** URLs per products sitemap (50,000; tests lower it). */
  sitemapPageSize?: number;
  maxBytes?: number;
  maxEntries?: number;
}

const prepared = (status: number, type: string, text: string, shell: string): Prepared => {
  const bytes = Buffer.from(text);
  const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  return { status, type, etag, bytes, shell };
};

async function send(ctx: Context, p: Prepared): Promise<void> {
  ctx.set('ETag', p.etag);
  ctx.set('Cache-Control', 'no-cache');
  ctx.vary('Accept-Encoding');
  if (etagMatches(ctx.get('if-none-match') || undefined, p.etag)) {
    ctx.status = 304;
    return;
  }
  ctx.status = p.status;
  ctx.type = p.type;
  const encoding = p.bytes.length >= COMPRESS_MIN_BYTES ? pickEncoding(ctx.get('accept-encoding')) : null;
  if (encoding && ctx.method === 'GET') {
    ctx.set('Content-Encoding', encoding);
    ctx.body = await compressedOnce(p.etag, encoding, () => p.bytes, 'answer');
    return;
  }
  ctx.body = p.bytes;
}

export function pageRoutes(options: PagesOptions): Middleware {
  const { source, site } = options;
  const renderer = createPageRenderer(source, site);
  const sitemaps = createSitemaps(source, site, options.sitemapPageSize);
  const shell = createShellLoader(options.distDir);
  const cache = new BoundedCache<string, Prepared>({
    maxBytes: options.maxBytes ?? PAGE_CACHE_MAX_BYTES,
    maxEntries: options.maxEntries ?? PAGE_CACHE_MAX_ENTRIES,
    sizeOf: (p, key) => p.bytes.length + stringBytes(key) + ENTRY_OVERHEAD,
    version: source.version,
  });

  /** From the cache, or made now and kept (null key: made, not kept). */
  const through = (key: string | null, stamp: string, make: () => Prepared | null): Prepared | null => {
    const held = key === null ? undefined : cache.get(key);
    if (held && held.shell === stamp) return held;
    const version = source.version();
    const made = make();
    // A write that landed while it was made: sent, not kept under the newer version. A 404 (any id
    // anyone can make up) is cheap to make and not kept, so it cannot push real pages out.
    if (made && made.status !== 404 && key !== null && version === source.version()) cache.set(key, made);
    return made;
  };

  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const path = ctx.path;
    if (sitemaps.owns(path)) {
      const file = through(`file ${path}`, '', () => {
        const f = sitemaps.render(path);
        return f && prepared(200, f.type, f.text, '');
      });
      if (!file) return next();
      return send(ctx, file);
    }
    const route = pageRouteOf(path);
    if (!route) return next();
    const current = await shell();
    if (!current) return next();
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    // One copy for all the client's screens; listings by their catalogue parameters only.
    const key =
      route.kind === 'client'
        ? 'client'
        : route.kind === 'listing'
          ? answerKey('/products', ctx.querystring)
          : trimmed;
    const page = through(key && `page ${key}`, current.stamp, () => {
      const rendered = renderer.renderPage(route, ctx.querystring);
      return prepared(rendered.status, HTML_TYPE, pageHtml(current, rendered), current.stamp);
    });
    if (page) await send(ctx, page);
  };
}
