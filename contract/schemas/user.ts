import { z } from 'zod';
import { line, lineText } from '#contract/rules/text';
import { LIMITS } from '#contract/limits';
import { phoneSchema } from '#contract/rules/validation';
import { shippingAddressSchema } from './cart';
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
  /** Ours (issue 27): the shipping address the shopper keeps, which checkout fills in; absent until saved. */
  saved_address: shippingAddressSchema.optional(),
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
  phone: phoneSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

const addressPart = line(z.string().max(LIMITS.addressPart).trim());

/**
 * PUT /auth/me (issue 27): the caller's own name, phone and saved address; each is optional and an
 * absent one is kept. An address with every part blank, or null, forgets the saved one. Unknown keys
 * (email, is_admin, id) are stripped: nothing here can change a role, an e-mail or another account.
 */
export const updateProfileBodySchema = z.object({
  name: line(z.string().max(LIMITS.personName).trim().min(1, 'Name is required')).optional(),
  phone: phoneSchema.optional(),
  saved_address: z
    .object({
      address: addressPart,
      street: addressPart,
      city: addressPart,
      country: addressPart,
      province: addressPart,
    })
    .nullable()
    .optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;
export type UpdateProfileInput = z.output<typeof updateProfileBodySchema>;

export const changePasswordBodySchema = z.object({
  oldPassword: z.string().min(1, 'Current password is required').max(LIMITS.password),
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const messageSchema = z.object({ message: z.string().max(LIMITS.notes) });
