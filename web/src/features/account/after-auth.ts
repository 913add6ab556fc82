import type { User } from '#contract/schemas/user';
import { ApiError } from '#web/lib/api-client';

/**
 * Where a successful login or register goes: admins to /admin; shoppers back to where they were sent
 * from (router state `from`, e.g. /checkout) or /. Only same-site paths are honoured, so a crafted
 * state can never bounce someone to another origin, and never back to the auth screens themselves.
 */
export function destinationAfterAuth(user: User, state: unknown): string {
  if (user.is_admin === 1) return '/admin';
  const from = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  if (/^\/(login|register)\b/.test(from)) return '/';
  return from;
}

/** "Alert the server's message, or X" (spec section 8). */
export function failureMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback;
}
