/**
 * Reads the caller's credentials off the request. Who may call what is decided once, in the shared
 * core API (authorize in server/core/api/handle.ts), so Koa and the MSW mock enforce the very same rules:
 * 401 without a valid token, 403 for a shopper on an admin call.
 */
import type { Context } from 'koa';

export function bearerToken(ctx: Context): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'));
  return m?.[1];
}

export function idempotencyKey(ctx: Context): string | undefined {
  return ctx.get('idempotency-key') || undefined;
}
