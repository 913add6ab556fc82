import { z } from 'zod';
import { LIMITS } from '#contract/limits';
import { phoneSchema } from '#contract/rules/validation';
import type { ShippingAddress } from '#contract/schemas/cart';
import type { UpdateProfileBody, User } from '#contract/schemas/user';
import { ApiError } from '#web/lib/api-client';
import type { FieldErrors } from './field-errors';

/**
 * The profile's edit form as data (issue 27): name, phone and the shipping address checkout fills in,
 * checked with the rules the server applies (the one phone rule is checkout's), sent as PUT /auth/me.
 */
const part = z.string().trim().max(LIMITS.addressPart, `At most ${LIMITS.addressPart} characters`);

export const profileFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Name is required')
      .max(LIMITS.personName, `At most ${LIMITS.personName} characters`),
    phone: phoneSchema,
    address: part,
    street: part,
    city: part,
    country: part,
    province: part,
  })
  .transform(
    ({ name, phone, ...saved_address }): UpdateProfileBody => ({ name, phone, saved_address }),
  );
export type ProfileForm = z.input<typeof profileFormSchema>;

const EMPTY_ADDRESS: ShippingAddress = { address: '', street: '', city: '', country: '', province: '' };

export function profileFormOf(user: User | null): ProfileForm {
  return { name: user?.name ?? '', phone: user?.phone ?? '', ...(user?.saved_address ?? EMPTY_ADDRESS) };
}

/** The server's field messages, keyed by this form's fields (`saved_address.city` is the city box). */
export function serverFieldErrors(err: unknown): FieldErrors {
  if (!(err instanceof ApiError) || !err.body?.fields) return {};
  const out: FieldErrors = {};
  for (const [key, message] of Object.entries(err.body.fields))
    out[key.replace(/^saved_address\./, '')] ??= message;
  return out;
}
