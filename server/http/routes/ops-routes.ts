/**
 * The operator's calls on the public port: `/api/ready` (the load balancer's readiness probe) and, only when
 * METRICS_TOKEN is set and sent as a bearer, `/metrics`. Without a token the public port has no metrics at
 * all (they go to the loopback METRICS_PORT, server/ops/ops-server.ts), so an anonymous caller learns nothing
 * of the shop's traffic there, and the readiness probe's work is bounded (readiness.ts) whoever calls it.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Metrics } from '#server/ops/metrics';
import type { Readiness } from '#server/ops/readiness';
import { bearerToken } from '../middleware/auth';

export function tokenMatches(sent: string | undefined, expected: string): boolean {
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function opsRoutes({
  readiness,
  metrics,
  metricsToken,
}: {
  readiness?: Readiness;
  metrics?: Metrics;
  metricsToken?: string;
}): Middleware {
  return async (ctx, next) => {
    if (ctx.path === '/api/ready' && readiness && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      const answer = await readiness.probe();
      ctx.set('Cache-Control', 'no-store');
      ctx.status = answer.ok ? 200 : 503;
      ctx.body = answer.ok
        ? { ok: true }
        : {
            message: `Not ready: ${answer.reasons.join('; ')}`,
            code: 'storage_unavailable',
            reasons: answer.reasons,
          };
      return;
    }
    if (ctx.path === '/metrics' && metrics && metricsToken && ctx.method === 'GET') {
      if (!tokenMatches(bearerToken(ctx), metricsToken)) {
        ctx.status = 401;
        ctx.set('WWW-Authenticate', 'Bearer');
        ctx.body = { message: 'The metrics need their token', code: 'unauthorized' };
        return;
      }
      ctx.type = metrics.contentType;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await metrics.text();
      return;
    }
    return next();
  };
}
