import { z } from 'zod';
import { LIMITS } from '#contract/limits';

/** Section 5 rules, shared by the web forms and enforced again by the server. */
export const PHONE_PATTERN = /^\d{10,15}$/;
export const PHONE_REQUIRED = 'Phone number is required';
export const PHONE_INVALID = 'Invalid phone format';
/** The hint beside every phone field, so a shopper knows the rule before breaking it. */
export const PHONE_HINT = '10 to 15 digits, numbers only';
/** Issue 27: the address field checkout marks required is checked too, its message beside it. */
export const ADDRESS_REQUIRED = 'Address is required';
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export interface CheckoutForm {
  name: string;
  address: string;
  street: string;
  city: string;
  country: string;
  province: string;
  phone: string;
  email: string;
  notes: string;
}

export type CheckoutErrors = Partial<
  Record<'name' | 'address' | 'street' | 'city' | 'province' | 'phone', string>
>;

/**
 * `address` is checked when given (the checkout form always gives it); a request that leaves it out
 * (an order saved on a device before issue 27) is judged by the other rules only.
 */
export function validateCheckout(
  form: Pick<CheckoutForm, 'name' | 'street' | 'city' | 'province' | 'phone'> & { address?: string },
): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (!form.name.trim()) errors.name = 'Name is required';
  if (form.address !== undefined && !form.address.trim()) errors.address = ADDRESS_REQUIRED;
  if (!form.city.trim()) errors.city = 'Town/City is required';
  if (!form.street.trim()) errors.street = 'Street is required';
  if (!form.province.trim()) errors.province = 'State is required';
  const phone = phoneError(form.phone);
  if (phone) errors.phone = phone;
  return errors;
}

/** Required, then 10 to 15 digits; the format message overrides the required one. */
export function phoneError(raw: string): string | undefined {
  const phone = raw.trim();
  if (!phone) return PHONE_REQUIRED;
  if (!PHONE_PATTERN.test(phone)) return PHONE_INVALID;
  return undefined;
}

/**
 * The one phone rule (issue 27) as a schema, for registration and the profile on client and server:
 * checkout's rule and messages, so a number an account was made with is one checkout takes. Trimmed;
 * the pattern alone bounds the length and keeps out every control character.
 */
export const phoneSchema = z
  .string()
  .max(LIMITS.phone, PHONE_INVALID)
  .trim()
  .min(1, PHONE_REQUIRED)
  .regex(PHONE_PATTERN, PHONE_INVALID);

/** "address, street, city, country, province" with empty parts left out. */
export function joinOrderAddress(a: { address: string; street: string; city: string; country: string; province: string }): string {
  return [a.address, a.street, a.city, a.country, a.province].map((s) => s.trim()).filter(Boolean).join(', ');
}

/** On update the slug is the lower-cased name with whitespace runs turned into hyphens. */
export function slugFromName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** Client-side file rule for category and featured images; null when the file is acceptable. */
export function imageFileError(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return 'Please select an image file';
  if (file.size > IMAGE_MAX_BYTES) return 'Image size should be less than 2MB';
  return null;
}

export const emailSchema = z.string().trim().email();

/** Trim, drop blanks and duplicates: the tag-input rule for sizes and colours. */
export function addTag(list: readonly string[], raw: string): string[] {
  const tag = raw.trim();
  return !tag || list.includes(tag) ? [...list] : [...list, tag];
}

/** Sizes and colours may arrive as a list or a comma-separated string (spec section 3). */
export function toTagList(value: readonly string[] | string | null | undefined): string[] {
  const list = typeof value === 'string' ? value.split(',') : (value ?? []);
  return [...new Set(list.map((s) => s.trim()).filter(Boolean))];
}
