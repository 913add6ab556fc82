/**
 * First middleware: every failure leaves as `{ message, code, fields? }` with its status. Domain
 * errors keep their code; anything unexpected is logged here and answered as an opaque 500, so no
 * stack trace or file path ever reaches a client.
 */
import type { Middleware } from 'koa';
import { errorReply } from '#server/core/api/handle';
import { DomainError } from '#server/core/api/errors';
import { setSecurityHeaders } from './security-headers';

/** `headers`: the security header set, for failures raised before its middleware ran. */
export function errorHandler(
  log: (msg: string, err: unknown) => void = console.error,
  headers?: Readonly<Record<string, string>>,
): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (!(err instanceof DomainError)) log(`[http] ${ctx.method} ${ctx.path} failed`, err);
      const reply = errorReply(err);
      ctx.status = reply.status;
      ctx.body = reply.body;
      if (reply.headers) ctx.set(reply.headers);
      if (headers) setSecurityHeaders(ctx, headers);
      ctx.set('Cache-Control', 'private, no-store');
    }
  };
}
