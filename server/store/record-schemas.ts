/**
 * What a row of each collection must look like: the one rule for what may be stored. Every row the
 * server writes is checked against it before the write (table.ts refuses the change with a 400), and
 * every row is checked with it again at start, where a row that still fails (hand edits, a bad
 * restore, data from an older version) is moved to a quarantine file instead of stopping the shop.
 * Limits come from the contract (contract/limits.ts), so the API cannot accept what this refuses.
 */
import { z } from 'zod';
import { LIMITS, ORDER_LIMITS } from '../../contract/limits';
import { categorySchema, idSchema } from '../../contract/schemas/category';
import { orderItemSchema, orderSchema } from '../../contract/schemas/order';
import { productSchema } from '../../contract/schemas/product';
import { userSchema } from '../../contract/schemas/user';
import type { Stores } from '../core/ports';

export const ROW_SCHEMAS: Record<keyof Stores, z.ZodType> = {
  categories: categorySchema,
  products: productSchema
    .omit({ categories: true })
    .extend({ category_ids: z.array(idSchema).max(LIMITS.productCategories) }),
  users: userSchema.extend({
    password_hash: z.string().min(1),
    created_at: z.string(),
    sessions_revoked_at: z.string().max(LIMITS.stamp).optional(),
    kept_session_id: idSchema.optional(),
  }),
  sessions: z.object({
    id: idSchema,
    user_id: idSchema,
    token_hash: z.string().min(1).max(LIMITS.hash),
    created_at: z.string().max(LIMITS.stamp),
    expires_at: z.string().max(LIMITS.stamp),
  }),
  orders: orderSchema.extend({
    items: z.array(orderItemSchema).max(ORDER_LIMITS.lines),
    idempotency_key: z.string().max(LIMITS.idempotencyKey).nullable(),
    /** What the order's request asked for, to tell a retry from a reused Idempotency-Key. */
    request_hash: z.string().max(LIMITS.hash).optional(),
  }),
};

const envelopeSchema = z.object({ seq: z.number().int().nonnegative(), rows: z.array(z.unknown()) });

/** null when the data is a `{ seq, rows }` collection file, else a short description of the problem. */
export function fileProblem(data: unknown): string | null {
  const r = envelopeSchema.safeParse(data);
  if (r.success) return null;
  const issue = r.error.issues[0];
  return issue ? `${issue.path.join('.') || 'file'}: ${issue.message}` : 'invalid content';
}

/** Each field that breaks the rule, with its message: `{ 'items.0.qty': 'Too big: …' }`; null when fine. */
export function rowFields(collection: keyof Stores, row: unknown): Record<string, string> | null {
  const r = ROW_SCHEMAS[collection].safeParse(row);
  if (r.success) return null;
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) fields[issue.path.map(String).join('.') || 'row'] ??= issue.message;
  return fields;
}

/** One line for logs: `items.0.qty: Too big: …`. */
export const describeFields = (fields: Record<string, string>): string =>
  Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
