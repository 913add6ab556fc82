import { z } from 'zod';

/** Section 5 rules, shared by the web forms and enforced again by the server. */
export const PHONE_PATTERN = /^\d{10,15}$/;
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

export type CheckoutErrors = Partial<Record<'name' | 'street' | 'city' | 'province' | 'phone', string>>;

export function validateCheckout(form: Pick<CheckoutForm, 'name' | 'street' | 'city' | 'province' | 'phone'>): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (!form.name.trim()) errors.name = 'Name is required';
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
  if (!phone) return 'Phone number is required';
  if (!PHONE_PATTERN.test(phone)) return 'Invalid phone format';
  return undefined;
}

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
