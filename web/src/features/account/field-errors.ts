import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field of a failed zod parse, for showing beside each control. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}
