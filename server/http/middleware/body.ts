/**
 * Reads a JSON body with the endpoint's size limit (no body-parser dependency): too large -> 413,
 * not declared as JSON -> 415, not JSON -> 400. The rest of an oversized upload is drained so the
 * client gets the answer. Called lazily by the core, after the access check, so an anonymous caller
 * never makes the server read a large body. A CSV body (the products import) is read the same way,
 * declared as CSV and decoded as UTF-8 (server/core/api/request-body.ts).
 */
import type { Context } from 'koa';
import type { BodyReader } from '#server/core/api/request-body';
import { BODY_READERS, bodyTooLarge } from '#server/core/api/request-body';

/**
 * Past this much beyond the route's own limit we stop draining and drop the connection instead: a body
 * a little over its limit is read to its end, so the client gets the 413 (a route's limit is large only
 * for admins, whose access is checked before any body is read).
 */
const DRAIN_MAX = 1024 * 1024;

function drain(ctx: Context, already: number, limit: number): void {
  let seen = already;
  ctx.req.on('data', (c: Buffer) => {
    seen += c.length;
    if (seen > limit + DRAIN_MAX) ctx.req.destroy();
  });
  ctx.req.resume();
}

const hasBody = (ctx: Context): boolean =>
  Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';

/** The body's value, after the size and type checks; the reader's `none` when there is no body. */
async function readBody<T>(ctx: Context, limit: number, reader: BodyReader<T>): Promise<T> {
  if (!hasBody(ctx)) return reader.none;
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limit) {
    drain(ctx, 0, limit);
    throw bodyTooLarge(limit);
  }
  try {
    reader.assertType(ctx.get('content-type'));
  } catch (e) {
    drain(ctx, 0, limit);
    throw e;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      drain(ctx, size, limit);
      throw bodyTooLarge(limit);
    }
    chunks.push(chunk);
  }
  return reader.value(Buffer.concat(chunks));
}

export function readJsonBody(ctx: Context, limit: number): Promise<unknown> {
  return readBody(ctx, limit, BODY_READERS.json);
}

/** A CSV body as text; an empty one is an empty text (the import then says the file is empty). */
export function readCsvBody(ctx: Context, limit: number): Promise<string> {
  return readBody(ctx, limit, BODY_READERS.csv);
}
