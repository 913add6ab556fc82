/**
 * A small JSON body reader with a size limit (no body-parser dependency). Too large -> 413,
 * not JSON -> 400; the rest of an oversized upload is drained so the client gets the answer.
 */
import type { Context } from 'koa';
import { DomainError } from '../../core/errors';

export const JSON_LIMIT = 4 * 1024 * 1024;
/** Gallery uploads carry several images of up to 2 MB each, base64-inflated by a third. */
export const IMAGES_LIMIT = 16 * 1024 * 1024;
/** Past this much we stop draining and drop the connection instead. */
const DRAIN_MAX = 64 * 1024 * 1024;

function tooLarge(limit: number): DomainError {
  return new DomainError(
    'payload_too_large',
    `Request body is larger than ${Math.round(limit / 1024 / 1024)} MB`,
  );
}

function drain(ctx: Context, already: number): void {
  let seen = already;
  ctx.req.on('data', (c: Buffer) => {
    seen += c.length;
    if (seen > DRAIN_MAX) ctx.req.destroy();
  });
  ctx.req.resume();
}

export async function readJsonBody(ctx: Context, limit: number): Promise<unknown> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limit) {
    drain(ctx, 0);
    throw tooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      drain(ctx, size);
      throw tooLarge(limit);
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DomainError('bad_request', 'Malformed JSON body');
  }
}
