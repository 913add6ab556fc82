/**
 * Browser hardening headers on every answer. The bearer token lives in localStorage, so the first line
 * of defence is that no script but our own built files can run: the CSP allows scripts only from this
 * origin and no inline code (the build emits none; vite-plugin-pwa's injectRegister is off and the app
 * registers its worker from its own bundle, web/src/lib/pwa.ts). JSON-LD blocks are data, not scripts,
 * so they need no 'unsafe-inline'. The set is built once: the error handler and this middleware put it
 * on every answer, and the cached-answer shortcut (which writes straight to the socket) keeps it inside
 * its prepared header objects, so a cached read pays for no header calls at all.
 */
import type { Context, Middleware } from 'koa';

export interface SecurityHeadersOptions {
  /** Extra origins the app may fetch from, e.g. a cross-origin COUNTRIES_BASE_URL baked into the build. */
  connectOrigins?: readonly string[];
  /**
   * `npm run dev` only (pages/vite-dev.ts): the nonce Vite puts on the scripts and styles it injects (its
   * client, React's refresh preamble, the styles of hot-reloaded CSS), allowed beside 'self'.
   */
  devNonce?: string;
}

/** The Content-Security-Policy value; `connectOrigins` widen connect-src only. */
export function contentSecurityPolicy(connectOrigins: readonly string[] = [], devNonce?: string): string {
  const nonce = devNonce ? [`'nonce-${devNonce}'`] : [];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...nonce]],
    // The stylesheet is a file; React's style props go through the CSSOM, which style-src does not govern.
    ['style-src', ["'self'", ...nonce]],
    // The admin previews picked images as data: URLs (read-file.ts); blob: for object-URL previews.
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...connectOrigins]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

// Only features Chromium recognises: an unknown one is reported as an error in the console.
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers every answer carries (HSTS aside, which depends on the request). */
export function securityHeaderSet({ connectOrigins = [], devNonce }: SecurityHeadersOptions = {}): Readonly<
  Record<string, string>
> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(connectOrigins, devNonce),
    // The origin is enough for other sites; full paths (order ids) stay on ours.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Content-Type-Options': 'nosniff',
    // frame-ancestors for browsers that predate it.
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/**
 * The set for the API's answers (JSON, and the CSV exports), as the OWASP REST Security Cheat Sheet gives it:
 * an answer that is never a page to display needs only to be inert if a browser opens it anyway, so its CSP
 * allows nothing at all (stricter than the pages' set), with nosniff and no framing. The pages' other headers
 * (Referrer-Policy, Permissions-Policy, Cross-Origin-Opener-Policy) govern what a document does with links,
 * features and windows, which a JSON answer has none of. Shorter on the wire too: every header is validated
 * by Node on each answer, and the catalogue reads answered from the cache are the shop's busiest path
 * (issue 28 and 30: the cached read against the raw node:http baseline).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');

/**
 * Sets the header set on the answer: the API's own set under /api, `headers` (the pages' set) elsewhere.
 * Only over TLS, directly or behind a proxy trusted through TRUST_PROXY (app.proxy), HSTS too: without it
 * X-Forwarded-Proto is ignored, as any client could send it, and browsers ignore HSTS over plain HTTP anyway.
 */
export function setSecurityHeaders(ctx: Context, headers: Readonly<Record<string, string>>): void {
  ctx.set(isApiPath(ctx.path) ? API_SECURITY_HEADERS : headers);
  if (ctx.secure) ctx.set('Strict-Transport-Security', HSTS);
}

export function securityHeaders(headers = securityHeaderSet()): Middleware {
  return async (ctx, next) => {
    setSecurityHeaders(ctx, headers);
    await next();
  };
}
