/**
 * What a row of each data file must look like. Checked once at start: a file that parses as JSON but
 * holds a broken row (hand edits, a bad restore) is reported as corrupt instead of failing requests later.
 */
import { z } from 'zod';
import { categorySchema, idSchema } from '../../contract/schemas/category';
import { orderItemSchema, orderSchema } from '../../contract/schemas/order';
import { productSchema } from '../../contract/schemas/product';
import { userSchema } from '../../contract/schemas/user';
import type { Stores } from '../core/ports';

export const ROW_SCHEMAS: Record<keyof Stores, z.ZodType> = {
  categories: categorySchema,
  products: productSchema.omit({ categories: true }).extend({ category_ids: z.array(idSchema) }),
  users: userSchema.extend({ password_hash: z.string().min(1), created_at: z.string() }),
  sessions: z.object({
    id: idSchema,
    user_id: idSchema,
    token_hash: z.string().min(1),
    created_at: z.string(),
    expires_at: z.string(),
  }),
  orders: orderSchema.extend({ items: z.array(orderItemSchema), idempotency_key: z.string().nullable() }),
};

const fileSchema = (row: z.ZodType) => z.object({ seq: z.number().int().nonnegative(), rows: z.array(row) });

/** null when the data is a valid collection file, else a short description of the first problem. */
export function fileProblem(collection: keyof Stores, data: unknown): string | null {
  const r = fileSchema(ROW_SCHEMAS[collection]).safeParse(data);
  if (r.success) return null;
  const issue = r.error.issues[0];
  return issue ? `${issue.path.join('.') || 'file'}: ${issue.message}` : 'invalid content';
}
