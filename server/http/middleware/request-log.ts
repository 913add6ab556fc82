/**
 * Outermost middleware: gives the request its id (kept from X-Request-Id when keepable, echoed on the
 * answer, put into error bodies by the error handler), a child logger carrying that id (`ctx.state.log`, for
 * any line written on the request's behalf), and when the answer's last byte is out, one log line and the
 * metrics. Lines are written at `finish`, so the bytes and the time of a streamed export or of an answer the
 * cache shortcut writes straight to the socket are counted too. Only chosen fields are logged: never a
 * header or a body, so no password, token or cookie can reach the log from here.
 */
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import type { Metrics } from '#server/ops/metrics';
import { runForRequest } from '#server/store/request-origin';
import { requestIdOf } from '../request-id';
import { routePattern } from '../route-pattern';

export interface RequestState {
  requestId?: string;
  log?: Logger;
  /** The signed-in caller, once the core has recognised them (api-routes.ts). */
  userId?: number;
  /** A failure the error handler answered with a 500: logged with its stack on the request's line. */
  error?: unknown;
  answerCache?: 'hit' | 'miss';
}

function bytesOf(ctx: Context): number {
  const sent = Number(ctx.res.getHeader('content-length'));
  if (Number.isFinite(sent) && sent >= 0) return sent;
  // Chunked answers (streams, compression on the fly): what went through the socket for this response.
  return ctx.res.socket
    ? ctx.res.socket.bytesWritten - ((ctx.state as { bytesBefore?: number }).bytesBefore ?? 0)
    : 0;
}

export function requestLog({ logger, metrics }: { logger: Logger; metrics?: Metrics }): Middleware {
  // The request line holds only the fields chosen here, none of them a secret, so it skips the redaction
  // pass, which costs about 40 times the rest of the line (~190 µs against ~4 µs); failures, whose error
  // object is not ours to vouch for, go through the redacting logger.
  const lines = logger.child({}, { redact: { paths: [] } });
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const state = ctx.state as RequestState & { bytesBefore?: number };
    const id = requestIdOf(ctx.get('x-request-id') || undefined);
    state.requestId = id;
    // A child logger is made only when a line on the request's behalf asks for it (most requests log one line).
    let child: Logger | undefined;
    Object.defineProperty(state, 'log', {
      get: () => (child ??= logger.child({ reqId: id })),
      configurable: true,
    });
    state.bytesBefore = ctx.req.socket?.bytesWritten ?? 0;
    ctx.set('X-Request-Id', id);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const status = ctx.res.headersSent ? ctx.res.statusCode : ctx.status;
      const route = routePattern(ctx.method, ctx.path);
      const code = errorCode(ctx.body);
      metrics?.request({ method: ctx.method, route, status, seconds, code, cache: state.answerCache });
      const line = {
        method: ctx.method,
        route,
        path: ctx.path,
        status,
        ms: Math.round(seconds * 10000) / 10,
        bytes: bytesOf(ctx),
        user: state.userId,
        ip: ctx.ip,
        ...(code ? { code } : {}),
        ...(ctx.res.writableFinished ? {} : { aborted: true }),
      };
      if (state.error) logger.error({ reqId: id, ...line, err: state.error }, 'request failed');
      else lines.info({ reqId: id, ...line }, 'request');
    };
    ctx.res.once('finish', finish);
    ctx.res.once('close', finish);
    await runForRequest(id, next);
  };
}

function errorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Buffer.isBuffer(body)) return undefined;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}
