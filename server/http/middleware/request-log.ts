/**
 * Outermost middleware: gives the request its id (kept from X-Request-Id when keepable, echoed on the
 * answer, put into error bodies by the error handler), and when the answer's last byte is out, one log line
 * and the metrics. Lines are written at `finish`, so the bytes and the time of a streamed export are counted
 * too; an answer the cache shortcut wrote whole in place is logged at once. Only chosen fields are logged:
 * never a header or a body, so no password, token or cookie can reach the log from here.
 *
 * It runs on every request, the cached reads among them (about 90 µs of CPU each without it), so it is kept
 * lean (issue 30, measured with `npm run bench`): no closure, getter or listener pair made per request when
 * the shortcut answered, the id handed to the shortcut's one writeHead instead of a setHeader before it (which
 * would make Node set every header one by one), and the AsyncLocalStorage entered only by changes.
 */
import type { ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import type { RawInfoLine } from '#server/ops/logger';
import { rawInfoLine } from '#server/ops/logger';
import type { Metrics } from '#server/ops/metrics';
import { runForRequest } from '#server/store/request-origin';
import { requestIdOf } from '../request-id';
import { routePattern } from '../route-pattern';

export interface RequestState {
  requestId?: string;
  /** The signed-in caller, once the core has recognised them (api-routes.ts). */
  userId?: number;
  /** A failure the error handler answered with a 500: logged with its stack on the request's line. */
  error?: unknown;
  answerCache?: 'hit' | 'miss';
}

/** One request on its way: what its line needs, and the line written once. */
class Pending {
  done = false;
  constructor(
    readonly ctx: Context,
    readonly id: string,
    readonly started: number,
    readonly bytesBefore: number,
    readonly out: RequestLines,
  ) {}

  finish(inPlace: boolean): void {
    if (this.done) return;
    this.done = true;
    const { ctx, id, out } = this;
    const state = ctx.state as RequestState;
    const res = ctx.res;
    out.record({
      id,
      method: ctx.method,
      path: ctx.path,
      status: res.headersSent ? res.statusCode : ctx.status,
      seconds: (performance.now() - this.started) / 1000,
      bytes: this.bytes(),
      userId: state.userId,
      ip: ctx.ip,
      code: errorCode(ctx.body),
      cache: state.answerCache,
      aborted: !inPlace && !res.writableFinished,
      error: state.error,
    });
  }

  private bytes(): number {
    const res = this.ctx.res;
    const sent = Number(res.getHeader('content-length'));
    if (Number.isFinite(sent) && sent >= 0) return sent;
    // Chunked answers (streams, compression on the fly): what went through the socket for this response.
    return res.socket ? res.socket.bytesWritten - this.bytesBefore : 0;
  }
}

/** What one finished request's line and metrics are made of. */
export interface FinishedLine {
  id: string;
  method: string;
  path: string;
  status: number;
  seconds: number;
  bytes: number;
  userId?: number | undefined;
  ip: string;
  code?: string | undefined;
  cache?: 'hit' | 'miss' | undefined;
  aborted?: boolean;
  error?: unknown;
}

/**
 * Writes request lines and counts them in the metrics: shared by the middleware below and the reads answered
 * before Koa (fast-reads.ts), so both write the same line.
 */
export class RequestLines {
  private readonly lines: Logger;
  private readonly raw: RawInfoLine | undefined;
  constructor(
    private readonly logger: Logger,
    private readonly metrics?: Metrics,
  ) {
    // The request line holds only the fields chosen here, none of them a secret, so it skips the redaction
    // pass, which costs about 40 times the rest of the line (~190 µs against ~4 µs); failures, whose error
    // object is not ours to vouch for, go through the redacting logger.
    this.lines = logger.child({}, { redact: { paths: [] } });
    this.raw = rawInfoLine(logger);
  }

  record(f: FinishedLine): void {
    const route = routePattern(f.method, f.path);
    const { status, seconds, code } = f;
    this.metrics?.request({ method: f.method, route, status, seconds, code, cache: f.cache });
    // A request's line is most of the log and, on a cached read, a good part of its CPU (issue 30): it is written
    // in the logger's own form by hand (requestLineFields, the same fields and order as the object below, equal
    // to pino's line: request-log.test.ts); a failure's line carries its error and goes through pino.
    if (!f.error && this.raw?.(requestLineFields(f, route), 'request')) return;
    const line: Record<string, unknown> = {
      reqId: f.id,
      method: f.method,
      route,
      path: f.path,
      status,
      ms: Math.round(seconds * 10000) / 10,
      bytes: f.bytes,
      user: f.userId,
      ip: f.ip,
    };
    if (code) line.code = code;
    if (f.aborted) line.aborted = true;
    if (f.error) {
      line.err = f.error;
      this.logger.error(line, 'request failed');
    } else this.lines.info(line, 'request');
  }
}

/** A finite number as JSON writes it (JSON has no NaN or Infinity: null, as JSON.stringify gives). */
const num = (n: number): string => (Number.isFinite(n) ? String(n) : 'null');

/**
 * A string as JSON writes it: quoted as is when it holds only characters JSON.stringify leaves alone (an id, a
 * method, a route pattern, most paths and addresses), else through JSON.stringify (a third of a line's cost).
 */
const PLAIN = /^[\w.:/-]*$/;
const str = (s: string): string => (PLAIN.test(s) ? `"${s}"` : JSON.stringify(s));

/** The request line's fields as JSON members, in the order of the object `record` hands pino otherwise. */
export function requestLineFields(f: FinishedLine, route: string): string {
  let s =
    `"reqId":${str(f.id)},"method":${str(f.method)},"route":${str(route)}` +
    `,"path":${str(f.path)},"status":${num(f.status)},"ms":${num(Math.round(f.seconds * 10000) / 10)}` +
    `,"bytes":${num(f.bytes)}`;
  if (f.userId !== undefined) s += `,"user":${num(f.userId)}`;
  s += `,"ip":${str(f.ip)}`;
  if (f.code) s += `,"code":${str(f.code)}`;
  if (f.aborted) s += ',"aborted":true';
  return s;
}

const PENDING = Symbol('request-log');
type Tracked = ServerResponse & { [PENDING]?: Pending };
function onDone(this: Tracked): void {
  this[PENDING]?.finish(false);
}

export function requestLog(out: RequestLines): Middleware {
  return async function requestLogMiddleware(ctx, next) {
    const id = requestIdOf(ctx.get('x-request-id') || undefined);
    (ctx.state as RequestState).requestId = id;
    const pending = new Pending(ctx, id, performance.now(), ctx.req.socket?.bytesWritten ?? 0, out);
    try {
      // Only a change can cause work on the request's behalf after it (a mail), so only a change runs in the
      // AsyncLocalStorage: on Node 20 a running storage hooks every promise of the process.
      if (ctx.method === 'GET' || ctx.method === 'HEAD') await next();
      else await runForRequest(id, next);
    } finally {
      const res = ctx.res as Tracked;
      if (ctx.respond === false && res.writableEnded) {
        // The cache shortcut wrote the whole answer (the id among its headers) in place: its line now.
        pending.finish(true);
      } else if (res.writableFinished || res.destroyed) {
        pending.finish(false);
      } else {
        // Set after the middleware, not before: a header set early turns the shortcut's one writeHead into a
        // setHeader call per header, and an error answer (Koa clears headers) would lose it.
        if (!ctx.headerSent) ctx.set('X-Request-Id', id);
        res[PENDING] = pending;
        res.once('finish', onDone);
        res.once('close', onDone);
      }
    }
  };
}

function errorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Buffer.isBuffer(body)) return undefined;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}
