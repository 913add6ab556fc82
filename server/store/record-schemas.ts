/**
 * Checks rows against the row schemas (server/core/records.ts ROW_SCHEMAS), the one rule for what may
 * be stored. Every row the server writes is checked before the write (table.ts refuses the change with
 * a 400), and every row is checked again at start, where a row that still fails (hand edits, a bad
 * restore, data from an older version) is moved to a quarantine file instead of stopping the shop.
 */
import { z } from 'zod';
import { ROW_SCHEMAS } from '#server/core/records';
import type { TableName } from '#server/core/ports';

const envelopeSchema = z.object({ seq: z.number().int().nonnegative(), rows: z.array(z.unknown()) });

/** null when the data is a `{ seq, rows }` collection file, else a short description of the problem. */
export function fileProblem(data: unknown): string | null {
  const r = envelopeSchema.safeParse(data);
  if (r.success) return null;
  const issue = r.error.issues[0];
  return issue ? `${issue.path.join('.') || 'file'}: ${issue.message}` : 'invalid content';
}

/** Each field that breaks the rule, with its message: `{ 'items.0.qty': 'Too big: …' }`; null when fine. */
export function rowFields(collection: TableName, row: unknown): Record<string, string> | null {
  return fieldsOf(ROW_SCHEMAS[collection], row, 'row');
}

/** The same for any schema (activity entries, mails); `whole` names a problem of the value as a whole. */
export function fieldsOf(schema: z.ZodType, value: unknown, whole: string): Record<string, string> | null {
  const r = schema.safeParse(value);
  if (r.success) return null;
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) fields[issue.path.map(String).join('.') || whole] ??= issue.message;
  return fields;
}

/** One line for logs: `items.0.qty: Too big: …`. */
export const describeFields = (fields: Record<string, string>): string =>
  Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
