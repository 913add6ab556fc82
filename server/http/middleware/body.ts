/**
 * Reads a JSON body with the endpoint's size limit (no body-parser dependency): too large -> 413,
 * not declared as JSON -> 415, not JSON -> 400. The rest of an oversized upload is drained so the
 * client gets the answer. Called lazily by the core, after the access check, so an anonymous caller
 * never makes the server read a large body.
 */
import type { Context } from 'koa';
import { assertJsonContentType, bodyTooLarge, parseJsonText } from '#server/core/request-body';

/** Past this much we stop draining and drop the connection instead. */
const DRAIN_MAX = 1024 * 1024;

function drain(ctx: Context, already: number): void {
  let seen = already;
  ctx.req.on('data', (c: Buffer) => {
    seen += c.length;
    if (seen > DRAIN_MAX) ctx.req.destroy();
  });
  ctx.req.resume();
}

const hasBody = (ctx: Context): boolean =>
  Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';

export async function readJsonBody(ctx: Context, limit: number): Promise<unknown> {
  if (!hasBody(ctx)) return undefined;
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limit) {
    drain(ctx, 0);
    throw bodyTooLarge(limit);
  }
  try {
    assertJsonContentType(ctx.get('content-type'));
  } catch (e) {
    drain(ctx, 0);
    throw e;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      drain(ctx, size);
      throw bodyTooLarge(limit);
    }
    chunks.push(chunk);
  }
  return parseJsonText(Buffer.concat(chunks).toString('utf8'));
}
