import { z } from 'zod';
import { line, lineText } from '#contract/rules/text';
import { LIMITS } from '#contract/limits';
import { idSchema } from './category';

export const PASSWORD_MIN = 6;

/**
 * A password being set (registration, a change, a reset) follows the text rule; the password of a sign-in
 * and the current one of a change do not: they are only compared, never stored, and must still match
 * what an account was created with before the rule.
 */
export const newPasswordSchema = line(
  z.string().min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`).max(LIMITS.password),
);

export const userSchema = z.object({
  id: idSchema,
  name: lineText(LIMITS.personName),
  email: lineText(LIMITS.email),
  phone: lineText(LIMITS.phone),
  is_admin: z.union([z.literal(0), z.literal(1)]),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ token: lineText(LIMITS.hash), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const loginBodySchema = z.object({
  email: line(z.string().trim().min(1, 'E-mail is required').email('Invalid e-mail').max(LIMITS.email)),
  password: z.string().min(1, 'Password is required').max(LIMITS.password),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Register: unknown keys such as is_admin are stripped, so a body can never grant a role. */
export const registerBodySchema = z.object({
  name: line(z.string().trim().min(1, 'Name is required').max(LIMITS.personName)),
  email: line(z.string().trim().min(1, 'E-mail is required').email('Invalid e-mail').max(LIMITS.email)),
  password: newPasswordSchema,
  phone: line(z.string().trim().min(1, 'Phone is required').max(LIMITS.phone)),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const changePasswordBodySchema = z.object({
  oldPassword: z.string().min(1, 'Current password is required').max(LIMITS.password),
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const messageSchema = z.object({ message: z.string().max(LIMITS.notes) });
