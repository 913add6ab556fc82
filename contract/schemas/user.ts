import { z } from 'zod';
import { LIMITS } from '#contract/limits';
import { idSchema } from './category';

export const PASSWORD_MIN = 6;

export const userSchema = z.object({
  id: idSchema,
  name: z.string().max(LIMITS.personName),
  email: z.string().max(LIMITS.email),
  phone: z.string().max(LIMITS.phone),
  is_admin: z.union([z.literal(0), z.literal(1)]),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ token: z.string().max(LIMITS.hash), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const loginBodySchema = z.object({
  email: z.string().trim().min(1, 'E-mail is required').email('Invalid e-mail').max(LIMITS.email),
  password: z.string().min(1, 'Password is required').max(LIMITS.password),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Register: unknown keys such as is_admin are stripped, so a body can never grant a role. */
export const registerBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(LIMITS.personName),
  email: z.string().trim().min(1, 'E-mail is required').email('Invalid e-mail').max(LIMITS.email),
  password: z
    .string()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(LIMITS.password),
  phone: z.string().trim().min(1, 'Phone is required').max(LIMITS.phone),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const changePasswordBodySchema = z.object({
  oldPassword: z.string().min(1, 'Current password is required').max(LIMITS.password),
  newPassword: z
    .string()
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(LIMITS.password),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const messageSchema = z.object({ message: z.string().max(LIMITS.notes) });
