/**
 * The cached catalogue reads and shop pages answered before Koa. A listing or product page that
 * cached-answers.ts already holds, in an encoding that has gone out once, and a rendered page that the page
 * cache holds and that is still current (pages/page-routes.ts `serveRaw`), are written straight from the
 * `request` event: no Koa context, no middleware chain, no listeners on the response. Koa costs about as
 * much CPU as the whole of such an answer (issue 28 and 30: the cached read at 0.4–0.6× the raw node:http
 * baseline with it, the request log included; a cached page ~270–390 µs of server CPU through Koa, ~140–160
 * µs here, raw node:http ~95 µs), and a shop's traffic is mostly these reads.
 *
 * What the Koa path would have done around the shortcut, done here alike: the request id (kept or made),
 * HSTS behind TLS (as TRUST_PROXY decides), the request line and metrics (RequestLines, the same writer),
 * the client address as Koa reads it. Anything else (another method, a revalidation, a URL with a fragment
 * or not starting with one slash, an answer not held) goes to Koa untouched: only a hit is answered here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Koa from 'koa';
import type { TLSSocket } from 'node:tls';
import { answerKeyOfUrl } from './answer-key';
import type { CachedAnswers } from './cached-answers';
import { isApiPath } from './middleware/security-headers';
import type { Pages } from './pages/page-routes';
import type { RequestLines } from './middleware/request-log';
import { requestIdOf } from './request-id';

export interface FastReadsOptions {
  cached: CachedAnswers;
  trustProxy: boolean;
  /** The request log; without it no id and no line (as the Koa path without its middleware). */
  lines?: RequestLines;
  /** The shop's pages (app.ts `pages`); without them only the API's reads are answered here. */
  pages?: Pages;
}

/** The first value of a comma-separated header, trimmed (as Koa reads X-Forwarded-Proto / -For). */
function firstOf(value: string | string[] | undefined): string {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return '';
  const comma = v.indexOf(',');
  return (comma < 0 ? v : v.slice(0, comma)).trim();
}

/** true when answered here; false leaves the request to Koa. */
export function fastReads({
  cached,
  trustProxy,
  lines,
  pages,
}: FastReadsOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== 'GET' || req.headers['if-none-match'] !== undefined) return false;
    const url = req.url ?? '';
    // Koa parses the path with parseurl; for these URLs both read the same path and query.
    if (url.charCodeAt(0) !== 47 || url.charCodeAt(1) === 47 || url.includes('#')) return false;
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? '' : url.slice(q + 1);
    // Only the API's reads are in the answer cache; every other path may be a page.
    const key = isApiPath(path) ? answerKeyOfUrl(url, path, query) : undefined;
    if (key === null || (key === undefined && !pages)) return false;
    const started = performance.now();
    const secure =
      (req.socket as TLSSocket).encrypted === true ||
      (trustProxy && firstOf(req.headers['x-forwarded-proto']) === 'https');
    const raw = req.headers['x-request-id'];
    const id = lines ? requestIdOf(typeof raw === 'string' && raw ? raw : undefined) : undefined;
    const sent =
      key !== undefined
        ? cached.serveRaw(req, res, key, secure, id)
        : (pages?.serveRaw(req, res, path, query, secure, id) ?? null);
    if (!sent) return false;
    if (lines && id)
      lines.record({
        id,
        method: 'GET',
        path,
        status: sent.status,
        seconds: (performance.now() - started) / 1000,
        bytes: sent.bytes,
        ip: (trustProxy && firstOf(req.headers['x-forwarded-for'])) || req.socket.remoteAddress || '',
        // The answer cache's counter: the pages have their own cache (the Koa path counts them in neither).
        cache: key === undefined ? undefined : 'hit',
      });
    return true;
  };
}

type KoaListener = ReturnType<Koa['callback']>;
const ANSWERED = Promise.resolve();

/** Koa's own listener with the fast reads in front (the server is node:http, never HTTP/2). */
export function withFastReads(
  fast: (req: IncomingMessage, res: ServerResponse) => boolean,
  koa: KoaListener,
): KoaListener {
  return (req, res) => (fast(req as IncomingMessage, res as ServerResponse) ? ANSWERED : koa(req, res));
}
