import type { ResetPasswordBody } from '#contract/schemas/mail';
import { api } from '#web/lib/api-client';

/** 200 with a message, or 400 `invalid_token` for a used, expired or superseded link. */
export function resetPassword(body: ResetPasswordBody) {
  return api('resetPassword', { body });
}
