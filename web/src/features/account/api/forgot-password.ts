import type { ForgotPasswordBody } from '#contract/schemas/mail';
import { api } from '#web/lib/api-client';

/** Answers 202 with the same message whether or not the address has an account. */
export function requestPasswordReset(body: ForgotPasswordBody) {
  return api('forgotPassword', { body });
}
