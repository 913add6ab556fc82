import Koa from 'koa';
import type { Api } from '../core/api';
import type { CachedAnswers } from './cached-answers';
import { createCachedAnswers } from './cached-answers';
import { errorHandler } from './middleware/error-handler';
import { securityHeaders } from './middleware/security-headers';
import { createApiRouter } from './routes/api-routes';
import { serveUploads, serveWebApp } from './routes/static-files';

export interface AppDeps {
  api: Api;
  uploadsDir: string;
  distDir: string;
  log?: (msg: string, err: unknown) => void;
  /** Behind a TLS-terminating proxy (TRUST_PROXY): take protocol and client IP from X-Forwarded-*. */
  trustProxy?: boolean;
  /** The HTTP answer cache; tests pass their own to read its stats or give it small budgets. */
  cachedAnswers?: CachedAnswers;
}

/** The Koa app, ready for `listen` (server/index.ts) or for tests on port 0. */
export function createApp({
  api,
  uploadsDir,
  distDir,
  log,
  trustProxy = false,
  cachedAnswers,
}: AppDeps): Koa {
  const app = new Koa();
  app.proxy = trustProxy;
  // Koa would otherwise print every thrown error itself; the error handler already decided.
  app.silent = true;
  const cached = cachedAnswers ?? createCachedAnswers(api);
  const router = createApiRouter(api, cached);
  // Hardening headers go on before anything can answer, the cached shortcut included.
  app.use(securityHeaders());
  app.use(errorHandler(log));
  // Repeated catalogue reads are answered before routing (cached-answers.ts); behind the error
  // handler, so a failure in it is answered like any other, and behind the security headers.
  app.use(cached.middleware());
  app.use(serveUploads(uploadsDir));
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  app.use(serveWebApp(distDir));
  return app;
}
