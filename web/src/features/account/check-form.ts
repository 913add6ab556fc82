import type { FormEvent } from 'react';
import type { z } from 'zod';
import { fieldErrors, type FieldErrors } from './field-errors';

/**
 * A submitted form checked with its client rules: the parsed data, or null after showing each field's first
 * message and focusing the first such field (so a keyboard or screen-reader user lands on what to fix).
 */
export function checkForm<F, T>(
  e: FormEvent<HTMLFormElement>,
  schema: z.ZodType<T, F>,
  values: F,
  setErrors: (errors: FieldErrors) => void,
): T | null {
  e.preventDefault();
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const found = fieldErrors(parsed.error);
    setErrors(found);
    e.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0] ?? ''}"]`)?.focus();
    return null;
  }
  setErrors({});
  return parsed.data;
}
