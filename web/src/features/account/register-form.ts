import { z } from 'zod';
import { LIMITS } from '#contract/limits';
import { phoneSchema } from '#contract/rules/validation';
import { PASSWORD_MIN, type RegisterBody } from '#contract/schemas/user';

/** A new password's client rule, the same at registration and at a reset. */
export const newPasswordRule = z
  .string()
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(LIMITS.password, `Password must be at most ${LIMITS.password} characters`);

/**
 * Register's client rules (spec section 5): all required, e-mail format, password at least 6; the phone
 * follows checkout's rule (issue 27), so the number an account keeps is one checkout takes.
 */
export const registerFormSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required'),
  lastName: z.string().trim().min(1, 'Last name is required'),
  email: z.string().trim().min(1, 'E-mail is required').email('Invalid e-mail'),
  phone: phoneSchema,
  password: newPasswordRule,
});
export type RegisterForm = z.input<typeof registerFormSchema>;

/** Every field blank. */
export const EMPTY_REGISTER = Object.fromEntries(
  Object.keys(registerFormSchema.shape).map((k) => [k, '']),
) as RegisterForm;

/** The name is sent as first and last name joined by a space and trimmed. */
export function registerBody(f: z.output<typeof registerFormSchema>): RegisterBody {
  return {
    name: `${f.firstName} ${f.lastName}`.trim(),
    email: f.email,
    phone: f.phone,
    password: f.password,
  };
}
