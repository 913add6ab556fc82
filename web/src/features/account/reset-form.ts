import { z } from 'zod';
import { resetTokenSchema } from '#contract/schemas/mail';
import { newPasswordRule } from './register-form';

/** The reset screen's rules: registration's password rule, typed twice alike. */
export const resetFormSchema = z
  .object({
    password: newPasswordRule,
    confirm: z.string().min(1, 'Repeat the new password'),
  })
  .refine((f) => f.password === f.confirm, { path: ['confirm'], message: 'The passwords do not match' });

export const EMPTY_RESET = { password: '', confirm: '' };

/**
 * The token of a reset link, which carries it in the fragment (`#token=…`) so it never reaches a server log or
 * a Referer; null when the fragment holds none, or not one the server could ever have made.
 */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token !== null && resetTokenSchema.safeParse(token).success ? token : null;
}
