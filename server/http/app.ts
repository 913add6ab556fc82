import Koa from 'koa';
import type { Logger } from 'pino';
import type { Api } from '#server/core/api/handle';
import type { DemoPictures } from '#server/store/demo-pictures';
import type { CachedAnswers } from './cached-answers';
import { createCachedAnswers } from './cached-answers';
import type { Metrics } from '#server/ops/metrics';
import type { Readiness } from '#server/ops/readiness';
import { errorHandler } from './middleware/error-handler';
import { RequestLines, requestLog } from './middleware/request-log';
import { fastReads, withFastReads } from './fast-reads';
import { opsRoutes } from './routes/ops-routes';
import { API_SECURITY_HEADERS, securityHeaderSet, securityHeaders } from './middleware/security-headers';
import { createApiRouter } from './routes/api-routes';
import { serveUploads, serveWebApp } from './routes/static-files';
import type { PagesOptions } from './pages/page-routes';
import { createPages } from './pages/page-routes';

export interface AppDeps {
  api: Api;
  uploadsDir: string;
  distDir: string;
  log?: (msg: string, err: unknown) => void;
  /** Behind a TLS-terminating proxy (TRUST_PROXY): take protocol and client IP from X-Forwarded-*. */
  trustProxy?: boolean;
  /** The HTTP answer cache; tests pass their own to read its stats or give it small budgets. */
  cachedAnswers?: CachedAnswers;
  /** A demo shop's pictures, rendered on first request until the background run has written them (boot.ts). */
  demoPictures?: DemoPictures;
  /** The request log (one line per request, request ids); without it no id and no line (most tests). */
  logger?: Logger;
  metrics?: Metrics;
  readiness?: Readiness;
  /** Serves /metrics on this (public) app too, to a bearer of this token (METRICS_TOKEN). */
  metricsToken?: string;
  /**
   * The shop's pages with their own head, the sitemap and robots.txt (pages/page-routes.ts); unknown
   * paths then redirect to /. Without it (most tests) every unknown GET gets the plain shell.
   */
  pages?: Omit<PagesOptions, 'distDir'>;
  /**
   * `npm run dev` (pages/vite-dev.ts): Vite serves the app's files in front of this app, so none come
   * from distDir, and the CSP also allows the scripts and styles Vite injects with this nonce.
   */
  dev?: { nonce: string };
}

/**
 * Koa whose listener (`callback()`, which `listen` uses too) answers the cached catalogue reads and pages before Koa
 * (fast-reads.ts), so the server, the tests and the bench all run the same path.
 */
class ShopApp extends Koa {
  fast?: Parameters<typeof withFastReads>[0];
  override callback() {
    const koa = super.callback();
    return this.fast ? withFastReads(this.fast, koa) : koa;
  }
}

/** The Koa app, ready for `listen` (server/index.ts) or for tests on port 0. */
export function createApp({
  api,
  uploadsDir,
  distDir,
  log,
  trustProxy = false,
  cachedAnswers,
  demoPictures,
  logger,
  metrics,
  readiness,
  metricsToken,
  pages,
  dev,
}: AppDeps): Koa {
  const app = new ShopApp();
  app.proxy = trustProxy;
  // Koa would otherwise print every thrown error itself; the error handler already decided.
  app.silent = true;
  const security = securityHeaderSet({ devNonce: dev?.nonce });
  const cached = cachedAnswers ?? createCachedAnswers(api, { headers: API_SECURITY_HEADERS });
  const router = createApiRouter(api, cached);
  const lines = logger ? new RequestLines(logger, metrics) : undefined;
  const shopPages = pages ? createPages({ ...pages, distDir, headers: security }) : undefined;
  app.fast = fastReads({ cached, trustProxy, lines, pages: shopPages });
  if (lines) app.use(requestLog(lines));
  app.use(errorHandler(log, security));
  // Repeated catalogue reads are answered before routing (cached-answers.ts), behind the error
  // handler. Its prepared answers already hold the security headers, so it comes before their
  // middleware, which puts them on every other answer.
  app.use(cached.middleware());
  app.use(securityHeaders(security));
  app.use(opsRoutes({ readiness, metrics, metricsToken }));
  app.use(serveUploads(uploadsDir, demoPictures));
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  if (shopPages) app.use(shopPages.middleware);
  app.use(serveWebApp(distDir, { redirectUnknown: Boolean(pages), files: !dev }));
  return app;
}
