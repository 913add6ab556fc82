import Koa from 'koa';
import type { Api } from '../core/api';
import { createCachedAnswers } from './cached-answers';
import { errorHandler } from './middleware/error-handler';
import { createApiRouter } from './routes/api-routes';
import { serveUploads, serveWebApp } from './routes/static-files';

export interface AppDeps {
  api: Api;
  uploadsDir: string;
  distDir: string;
  log?: (msg: string, err: unknown) => void;
}

/** The Koa app, ready for `listen` (server/index.ts) or for tests on port 0. */
export function createApp({ api, uploadsDir, distDir, log }: AppDeps): Koa {
  const app = new Koa();
  app.proxy = false;
  // Koa would otherwise print every thrown error itself; the error handler already decided.
  app.silent = true;
  const cached = createCachedAnswers(api);
  const router = createApiRouter(api, cached);
  // Repeated catalogue reads are answered first of all, before routing (cached-answers.ts).
  app.use(cached.middleware());
  app.use(errorHandler(log));
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    await next();
  });
  app.use(serveUploads(uploadsDir));
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  app.use(serveWebApp(distDir));
  return app;
}
