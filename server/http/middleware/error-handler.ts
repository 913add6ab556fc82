/**
 * First middleware: every failure leaves as `{ message, code, fields? }` with its status. Domain
 * errors keep their code; anything unexpected is logged (with its stack, on the request's log line) and
 * answered as an opaque 500, so no stack trace or file path ever reaches a client. Error bodies carry the
 * request's id (`requestId`).
 */
import type { Middleware } from 'koa';
import { errorReply } from '#server/core/api/handle';
import { DomainError } from '#server/core/api/errors';
import { setSecurityHeaders } from './security-headers';
import type { RequestState } from './request-log';

/** `headers`: the security header set, for failures raised before its middleware ran. */
export function errorHandler(
  log: (msg: string, err: unknown) => void = console.error,
  headers?: Readonly<Record<string, string>>,
): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const state = ctx.state as RequestState;
      // With the request log on, the failure and its stack go on the request's own line (request-log.ts).
      if (!(err instanceof DomainError)) {
        if (state.requestId) state.error = err;
        else log(`[http] ${ctx.method} ${ctx.path} failed`, err);
      }
      const reply = errorReply(err);
      ctx.status = reply.status;
      // The id lets a shopper's report be matched with the log line, without the log's detail leaving.
      ctx.body = state.requestId ? { ...(reply.body as object), requestId: state.requestId } : reply.body;
      if (reply.headers) ctx.set(reply.headers);
      if (headers) setSecurityHeaders(ctx, headers);
      ctx.set('Cache-Control', 'private, no-store');
    }
  };
}
