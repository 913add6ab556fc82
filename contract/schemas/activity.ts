import { z } from 'zod';
import { line, lineText, multilineText } from '#contract/rules/text';
import { LIMITS } from '#contract/limits';
import { idSchema } from './category';
import { isoDateSchema } from './report';

/**
 * Issue 15: the activity log. Every admin write (product, category, order status, stock, image, import)
 * leaves one entry with the fields it changed, before and after. Entries are stored in the same durable
 * write as the change they record (server/store/journal-table.ts), and never hold a password or token.
 */
export const ACTIVITY_ACTIONS = ['create', 'update', 'delete', 'status', 'import'] as const;
export const activityActionSchema = z.enum(ACTIVITY_ACTIONS);
export type ActivityAction = z.infer<typeof activityActionSchema>;

export const ACTIVITY_ENTITIES = ['product', 'category', 'order'] as const;
export const activityEntitySchema = z.enum(ACTIVITY_ENTITIES);
export type ActivityEntity = z.infer<typeof activityEntitySchema>;

/** A field's value before or after: a text, a number, a flag, nothing, or a short list of texts. */
export const activityValueSchema = z.union([
  multilineText(LIMITS.description),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([lineText(LIMITS.imageUrl), z.number()])).max(LIMITS.activityList),
]);
export type ActivityValue = z.infer<typeof activityValueSchema>;

export const activityChangeSchema = z.object({
  field: lineText(LIMITS.activityField),
  before: activityValueSchema,
  after: activityValueSchema,
});
export type ActivityChange = z.infer<typeof activityChangeSchema>;

export const activityEntrySchema = z.object({
  id: line(z.string().min(1).max(LIMITS.stamp)),
  at: lineText(LIMITS.stamp),
  actor: z.object({ id: idSchema, name: lineText(LIMITS.email) }),
  action: activityActionSchema,
  entity: activityEntitySchema,
  /** null for an import, which touches many products (their ids are in its changes). */
  entity_id: idSchema.nullable(),
  /** The entity's name when the entry was written: a product's title, a category's name, "Order #12". */
  label: lineText(LIMITS.title),
  changes: z.array(activityChangeSchema).max(LIMITS.activityChanges),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const ACTIVITY_LIMIT_DEFAULT = 20;
export const ACTIVITY_LIMIT_MAX = 100;
/** A bound on the number only: a page costs its own length whatever its number. */
export const ACTIVITY_PAGE_MAX = 1_000_000;

/** GET /admin/activity: newest first; `from` and `to` are days (UTC), both ends included. */
export const activityQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(ACTIVITY_LIMIT_MAX).optional(),
  entity: activityEntitySchema.optional(),
  actor: z.coerce.number().int().positive().optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type ActivityQueryInput = z.input<typeof activityQuerySchema>;
export type ActivityQuery = z.output<typeof activityQuerySchema>;

export const activityPageSchema = z.object({
  items: z.array(activityEntrySchema).max(ACTIVITY_LIMIT_MAX),
  total: z.number().int().nonnegative(),
  /** Everyone who appears in the log, for the actor filter. */
  actors: z.array(z.object({ id: idSchema, name: lineText(LIMITS.email) })).max(LIMITS.activityActors),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
