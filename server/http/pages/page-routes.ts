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
 *
 * A held page that is still current (the catalogue version, and the stamps of the shell and the rendering it
 * was made from) is also answered before Koa (`serveRaw`, called by fast-reads.ts): the same bytes and headers
 * as the Koa path's, the visitor's cart filled in alike; a compressed page only once the Koa path has made
 * that compression (compression.ts keeps it), so the shortcut never compresses.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import { etagMatches } from '#server/core/api/etag';
import { BoundedCache, stringBytes } from '#server/core/structures/bounded-cache';
import { answerKey } from '../answer-key';
import { COMPRESS_MIN_BYTES, compressedHeld, compressedOnce, pickEncoding } from '../compression';
import { HSTS, securityHeaderSet } from '../middleware/security-headers';
import type { PageSource } from './page-source';
import { pageRouteOf, type PageRoute } from './page-routes-table';
import { createShellLoader, pageHtml, type Loader, type Shell } from './page-shell';
import { createPageRenderer } from './render-page';
import type { SiteSettings } from './site';
import { createSitemaps } from './sitemap';
import { scriptJson } from './page-head';
import { readManifest, screenLinks } from './screen-assets';
import { catalogPortOf, createSsrLoader, type LoadedSsr, type SsrModule } from './ssr-render';

/** The island's id (web/src/lib/ssr-data.ts reads it). */
const SSR_DATA_ID = 'ssr-data';

const HTML_TYPE = 'text/html; charset=utf-8';
export const PAGE_CACHE_MAX_BYTES = 16 * 1024 * 1024;
export const PAGE_CACHE_MAX_ENTRIES = 2_000;
const ENTRY_OVERHEAD = 512;

interface Prepared {
  status: number;
  type: string;
  etag: string;
  /** As sent to a visitor with an empty cart. */
  bytes: Buffer;
  /** The shell it was made from ('' for files that use none). */
  shell: string;
  /** A server-rendered page: the cart's badge and total, filled per request (outside this cache). */
  cart?: CartHoles;
}

/** The page cut at the cart marks (before the badge, between badge and total, after the total). */
interface CartHoles {
  parts: [Buffer, Buffer, Buffer];
  slots: SsrModule['cartSlots'];
  empty: { badge: string; total: string };
}

/** The `cart` cookie's value as Koa's ctx.cookies.get reads it (the cookies package: first match, quotes off). */
function cartCookieOf(header: string | undefined): string | undefined {
  const value = header ? /(?:^|;) *cart=([^;]*)/.exec(header)?.[1] : undefined;
  return value?.startsWith('"') ? value.slice(1, -1) : value;
}

export interface PagesOptions {
  source: PageSource;
  site: SiteSettings;
  distDir: string;
  /** URLs per products sitemap (50,000; tests lower it). */
  sitemapPageSize?: number;
  maxBytes?: number;
  maxEntries?: number;
  /**
   * The server's rendering (ssr-render.ts); by default the one built into <distDir>/server/. Pages are
   * answered before Koa only with a loader that tells its `current` value (the built one does).
   */
  ssr?: Loader<LoadedSsr>;
  /** The page template (page-shell.ts); by default the built <distDir>/index.html. */
  shell?: Loader<Shell>;
  /** The pages' security headers (middleware/security-headers.ts), for the answers written before Koa. */
  headers?: Readonly<Record<string, string>>;
  /**
   * The stylesheets and chunks a rendered screen links in its head (screen-assets.ts); by default from the
   * build's manifest, read again with each new shell.
   */
  screenAssets?: (kind: PageRoute['kind'], shellStamp: string) => Promise<string>;
  /** A page the server could not render (it was sent client-rendered instead). */
  onRenderError?: (err: unknown, url: string) => void;
}

const sha1 = (data: Buffer | string): string => createHash('sha1').update(data).digest('base64url');

const prepared = (status: number, type: string, text: string, shell: string): Prepared => {
  const bytes = Buffer.from(text);
  return { status, type, etag: `"${sha1(bytes)}"`, bytes, shell };
};

/** The empty cart's badge and total, rendered once per rendering module (not once per page). */
const emptySlots = new WeakMap<SsrModule, { badge: string; total: string }>();
function emptyCartOf(app: SsrModule): { badge: string; total: string } {
  let empty = emptySlots.get(app);
  if (!empty) emptySlots.set(app, (empty = app.cartSlots(undefined)));
  return empty;
}

/** A rendered page with its cart marks cut out, sent as an empty cart unless the cookie says otherwise. */
function preparedWithCart(status: number, text: string, shell: string, app: SsrModule): Prepared {
  const { badge, total } = app.CART_MARKS;
  const b = text.indexOf(badge);
  const t = b < 0 ? -1 : text.indexOf(total, b + badge.length);
  if (t < 0) return prepared(status, HTML_TYPE, text, shell);
  const parts: [Buffer, Buffer, Buffer] = [
    Buffer.from(text.slice(0, b)),
    Buffer.from(text.slice(b + badge.length, t)),
    Buffer.from(text.slice(t + total.length)),
  ];
  const empty = emptyCartOf(app);
  const bytes = Buffer.concat([
    parts[0],
    Buffer.from(empty.badge),
    parts[1],
    Buffer.from(empty.total),
    parts[2],
  ]);
  return {
    status,
    type: HTML_TYPE,
    etag: `"${sha1(bytes)}"`,
    bytes,
    shell,
    cart: { parts, slots: app.cartSlots, empty },
  };
}

/** The page as this visitor gets it: their cart's badge and total (from the `cart` cookie) in the holes. */
function forVisitor(p: Prepared, cookie: string | undefined): Prepared {
  if (!p.cart || !cookie) return p;
  const { badge, total } = p.cart.slots(cookie);
  if (badge === p.cart.empty.badge && total === p.cart.empty.total) return p;
  const [before, between, after] = p.cart.parts;
  const bytes = Buffer.concat([before, Buffer.from(badge), between, Buffer.from(total), after]);
  // The page's own tag plus the cart's: another cart is another answer, never a 304 of this one.
  return { ...p, bytes, etag: `${p.etag.slice(0, -1)}.${sha1(`${badge}\n${total}`)}"`, cart: undefined };
}

const encodingOf = (p: Prepared, acceptEncoding: string | undefined) =>
  p.bytes.length >= COMPRESS_MIN_BYTES ? pickEncoding(acceptEncoding) : null;

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
  const encoding = encodingOf(p, ctx.get('accept-encoding'));
  if (encoding && ctx.method === 'GET') {
    ctx.set('Content-Encoding', encoding);
    ctx.body = await compressedOnce(p.etag, encoding, () => p.bytes, 'answer');
    return;
  }
  ctx.body = p.bytes;
}

/**
 * The page cache's key of a page route (null: not kept). One copy for all the client's screens; listings by
 * their catalogue parameters only.
 */
function pageKeyOf(route: PageRoute, path: string, querystring: string): string | null {
  if (route.kind === 'client') return 'page client';
  if (route.kind === 'listing') {
    const key = answerKey('/products', querystring);
    return key && `page ${key}`;
  }
  return `page ${path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path}`;
}

/** What a page is made from: the shell, and for the shop's pages the rendering too. */
const stampOf = (shell: Shell, app: LoadedSsr | null): string =>
  app ? `${shell.stamp}|${app.stamp}` : shell.stamp;

export interface Pages {
  /** The Koa path: every page, sitemap and robots.txt. */
  middleware: Middleware;
  /**
   * The shortcut before Koa (fast-reads.ts), for a GET without If-None-Match: writes the page when it is held
   * and current, in this encoding; what went out, or null (Koa then answers as usual).
   */
  serveRaw(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    querystring: string,
    secure: boolean,
    id: string | undefined,
  ): { status: number; bytes: number } | null;
}

export function createPages(options: PagesOptions): Pages {
  const { source, site } = options;
  const renderer = createPageRenderer(source, site);
  const sitemaps = createSitemaps(source, site, options.sitemapPageSize);
  const shell = options.shell ?? createShellLoader(options.distDir);
  const ssr = options.ssr ?? createSsrLoader(options.distDir);
  const fixed = Object.entries(options.headers ?? securityHeaderSet()).flat();
  const port = catalogPortOf(source);
  // The build's manifest, read again with each new build (the shell's stamp).
  let manifest: { stamp: string; read: ReturnType<typeof readManifest> } | null = null;
  const manifestOf = (stamp: string) => {
    if (manifest?.stamp !== stamp) manifest = { stamp, read: readManifest(options.distDir) };
    return manifest.read;
  };
  const screenAssets =
    options.screenAssets ?? (async (kind, stamp) => screenLinks(await manifestOf(stamp), kind));
  const cache = new BoundedCache<string, Prepared>({
    maxBytes: options.maxBytes ?? PAGE_CACHE_MAX_BYTES,
    maxEntries: options.maxEntries ?? PAGE_CACHE_MAX_ENTRIES,
    sizeOf: (p, key) => p.bytes.length + stringBytes(key) + ENTRY_OVERHEAD,
    version: source.version,
  });

  /** From the cache, or made now and kept (null key: made, not kept). */
  const through = async (
    key: string | null,
    stamp: string,
    make: () => Prepared | null | Promise<Prepared | null>,
  ): Promise<Prepared | null> => {
    const held = key === null ? undefined : cache.get(key);
    if (held && held.shell === stamp) return held;
    const version = source.version();
    const made = await make();
    // A write that landed while it was made: sent, not kept under the newer version. A 404 (any id
    // anyone can make up) is cheap to make and not kept, so it cannot push real pages out.
    if (made && made.status !== 404 && key !== null && version === source.version()) cache.set(key, made);
    return made;
  };

  const middleware: Middleware = async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const path = ctx.path;
    if (sitemaps.owns(path)) {
      const file = await through(`file ${path}`, '', () => {
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
    const app = route.kind === 'client' ? null : await ssr();
    const stamp = stampOf(current, app);
    const page = await through(pageKeyOf(route, path, ctx.querystring), stamp, async () => {
      const rendered = renderer.renderPage(route, ctx.querystring);
      // The shop pages' body: the app rendered on the server (ssr-render.ts), for the anonymous shop.
      if (!app || rendered.status !== 200)
        return prepared(rendered.status, HTML_TYPE, pageHtml(current, rendered), stamp);
      const url = ctx.querystring ? `${path}?${ctx.querystring}` : path;
      try {
        const { html, payload } = await app.module.renderApp(url, port);
        // React puts the pictures' preloads (fetchPriority high) first: they belong in the head, not in #root.
        const preloads = /^(?:<link [^>]*>)+/.exec(html)?.[0] ?? '';
        rendered.bodyHtml = html.slice(preloads.length);
        rendered.headExtra = preloads + (await screenAssets(route.kind, current.stamp));
        rendered.islandHtml = `<script type="application/json" id="${SSR_DATA_ID}">${scriptJson(payload)}</script>`;
      } catch (err) {
        // Not rendered: this visitor gets the client-rendered shell, and the page is not kept that way.
        options.onRenderError?.(err, url);
        await send(ctx, prepared(rendered.status, HTML_TYPE, pageHtml(current, rendered), stamp));
        return null;
      }
      return preparedWithCart(rendered.status, pageHtml(current, rendered), stamp, app.module);
    });
    if (page) await send(ctx, forVisitor(page, cartCookieOf(ctx.get('cookie') || undefined)));
  };

  const serveRaw: Pages['serveRaw'] = (req, res, path, querystring, secure, id) => {
    const route = pageRouteOf(path);
    if (!route) return null;
    // As the Koa path would find them now; undefined: a loader that would look again (Koa's turn).
    const current = shell.current?.();
    const app = route.kind === 'client' ? null : ssr.current?.();
    if (!current || app === undefined) return null;
    const key = pageKeyOf(route, path, querystring);
    const held = key === null ? undefined : cache.get(key);
    if (!held || held.shell !== stampOf(current, app)) return null;
    const page = forVisitor(held, cartCookieOf(req.headers.cookie));
    const encoding = encodingOf(page, req.headers['accept-encoding']);
    const body = encoding ? compressedHeld(page.etag, encoding) : page.bytes;
    if (!body) return null;
    // The Koa path's headers: the security set, then send's, then the request's own.
    const headers = fixed.concat(
      ['ETag', page.etag, 'Cache-Control', 'no-cache', 'Vary', 'Accept-Encoding', 'Content-Type', page.type],
      encoding ? ['Content-Encoding', encoding] : [],
      ['Content-Length', String(body.length)],
      secure ? ['Strict-Transport-Security', HSTS] : [],
      id ? ['X-Request-Id', id] : [],
    );
    res.writeHead(page.status, headers);
    res.end(body);
    return { status: page.status, bytes: body.length };
  };

  return { middleware, serveRaw };
}
