/**
 * Stored shapes, and the one rule for what may be stored: the row schemas. They differ from the API
 * shapes in a few deliberate ways: products keep category ids (names and slugs are joined in on read,
 * so a renamed category shows everywhere at once), users keep a password hash, and orders keep their
 * items and idempotency key in the same row. Every row the server writes is checked against its schema
 * before the write, and again at start (server/store/record-schemas.ts); the types below are inferred
 * from the same schemas, so what the core writes and what the store accepts cannot drift apart.
 * Limits come from the contract (contract/limits.ts), so the API cannot accept what these refuse.
 */
import { z } from 'zod';
import { LIMITS, ORDER_LIMITS } from '#contract/limits';
import { line, lineText } from '#contract/rules/text';
import type { Category } from '#contract/schemas/category';
import { categorySchema, idSchema } from '#contract/schemas/category';
import type { Order } from '#contract/schemas/order';
import { orderItemSchema, orderSchema, statusChangeSchema } from '#contract/schemas/order';
import type { Product } from '#contract/schemas/product';
import { productSchema } from '#contract/schemas/product';
import type { User } from '#contract/schemas/user';
import { inventoryLineSchema } from '#contract/schemas/stock';
import { userSchema } from '#contract/schemas/user';
import type { ActivityEntry } from '#contract/schemas/activity';
import { activityEntrySchema } from '#contract/schemas/activity';
import { mailKindSchema, mailStateSchema } from '#contract/schemas/mail';

/**
 * A tracked variant as stored: the units the admin last set, and how many units the orders then held
 * (every line of an order that is not cancelled holds its units). Units left are `quantity` minus what
 * the orders have taken since: held now − `held` (server/core/stock/ledger.ts). So an order takes stock
 * in its own durable write, with nothing else to update, and a restart recomputes the same figures.
 */
const storedInventoryLine = inventoryLineSchema.extend({
  held: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
const labelText = lineText(LIMITS.label);

export const ROW_SCHEMAS = {
  categories: categorySchema,
  products: productSchema
    .omit({ categories: true })
    .omit({ inventory: true })
    .extend({
      category_ids: z.array(idSchema).max(LIMITS.productCategories),
      inventory: z.array(storedInventoryLine).max(LIMITS.variants).optional(),
    }),
  users: userSchema.extend({
    password_hash: line(z.string().min(1).max(LIMITS.hash)),
    created_at: lineText(LIMITS.stamp),
    /** Set by a password change: sessions opened at or before this ISO time are ended (accounts/session-book.ts)… */
    sessions_revoked_at: lineText(LIMITS.stamp).optional(),
    /** …except this one, the session that made the change. */
    kept_session_id: idSchema.optional(),
    /** Forgot password (issue 26): the SHA-256 of the one live reset token, and when it stops working. */
    reset_token_hash: z.string().max(LIMITS.hash).optional(),
    reset_expires_at: z.string().max(LIMITS.stamp).optional(),
    /** When the last reset mails were queued (at most 3 an hour per account). */
    reset_mails: z.array(z.string().max(LIMITS.stamp)).max(3).optional(),
  }),
  sessions: z.object({
    id: idSchema,
    user_id: idSchema,
    token_hash: line(z.string().min(1).max(LIMITS.hash)),
    created_at: lineText(LIMITS.stamp),
    expires_at: lineText(LIMITS.stamp),
  }),
  orders: orderSchema.extend({
    status_history: z.array(statusChangeSchema).max(LIMITS.statusHistory),
    items: z.array(orderItemSchema).max(ORDER_LIMITS.lines),
    idempotency_key: lineText(LIMITS.idempotencyKey).nullable(),
    /** SHA-256 of the request (orders/request.ts): tells a retry from a reused key. Older orders lack it. */
    request_hash: lineText(LIMITS.hash).optional(),
  }),
  wishlist: z.object({
    id: idSchema,
    user_id: idSchema,
    product_id: idSchema,
    created_at: lineText(LIMITS.stamp),
  }),
  /** A shopper waiting for a sold-out size × colour; removed once the notification is written. */
  stockRequests: z.object({
    id: idSchema,
    user_id: idSchema,
    product_id: idSchema,
    size: labelText,
    color: labelText,
    created_at: lineText(LIMITS.stamp),
  }),
  notifications: z.object({
    id: idSchema,
    user_id: idSchema,
    product_id: idSchema,
    /** Kept so a notification still reads well after the product is gone. */
    product_title: lineText(LIMITS.title),
    size: labelText,
    color: labelText,
    created_at: lineText(LIMITS.stamp),
    read: z.boolean(),
  }),
};

export type StoredCategory = z.infer<typeof ROW_SCHEMAS.categories>;
export type StoredProduct = z.infer<typeof ROW_SCHEMAS.products>;
export type StoredUser = z.infer<typeof ROW_SCHEMAS.users>;
export type StoredSession = z.infer<typeof ROW_SCHEMAS.sessions>;
export type StoredOrder = z.infer<typeof ROW_SCHEMAS.orders>;
export type StoredWish = z.infer<typeof ROW_SCHEMAS.wishlist>;
export type StoredStockRequest = z.infer<typeof ROW_SCHEMAS.stockRequests>;
export type StoredNotification = z.infer<typeof ROW_SCHEMAS.notifications>;
export type StoredInventoryLine = z.infer<typeof storedInventoryLine>;

/**
 * An activity entry (issue 15) as stored: the API's shape. Entries travel in the same journal line as
 * the change they record (server/store/journal-table.ts) and are checked with this schema on the way
 * in and at start, like rows.
 */
export const ACTIVITY_SCHEMA = activityEntrySchema;
export type StoredActivity = ActivityEntry;

/**
 * A mail of the outbox (issue 26). It is written in the same durable write as the change that causes it
 * (RowChange.mail: the store gives it its id), then moved to the store's mail table, where the sender
 * records each delivery attempt. `lease_until` marks a mail one sender has claimed ('sending').
 */
export const MAIL_SCHEMA = z.object({
  id: idSchema,
  kind: mailKindSchema,
  to: z.string().min(1).max(LIMITS.mailRecipients),
  subject: z.string().max(LIMITS.mailSubject),
  html: z.string().max(LIMITS.mailBody),
  text: z.string().max(LIMITS.mailBody),
  state: mailStateSchema,
  attempts: z.number().int().min(0).max(1_000),
  last_error: z.string().max(LIMITS.mailError).nullable(),
  next_attempt_at: z.string().max(LIMITS.stamp).nullable(),
  created_at: z.string().max(LIMITS.stamp),
  sent_at: z.string().max(LIMITS.stamp).nullable(),
  lease_until: z.string().max(LIMITS.stamp).nullable(),
  /** The id of the request that caused it (the request log's rule), for the sender's log lines. */
  request_id: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/)
    .optional(),
});
export type StoredMail = z.infer<typeof MAIL_SCHEMA>;
/** A mail as the core writes it: the store gives it its id in the write. */
export type MailDraft = Omit<StoredMail, 'id'>;

export interface CountryRow {
  name: string;
  iso2: string;
  iso3?: string;
}

export interface StateRow {
  name: string;
  state_code?: string;
}

export function toPublicUser(u: StoredUser): User {
  const user: User = { id: u.id, name: u.name, email: u.email, phone: u.phone, is_admin: u.is_admin };
  // Issue 27: only once saved, so an account without one answers exactly the spec's fields.
  if (u.saved_address) user.saved_address = u.saved_address;
  return user;
}

export function toPublicOrder(o: StoredOrder): Order {
  return {
    id: o.id,
    user_id: o.user_id,
    name: o.name,
    email: o.email,
    total: o.total,
    payment_method: o.payment_method,
    status: o.status,
    created_at: o.created_at,
    shipping_address: o.shipping_address,
    status_history: o.status_history,
  };
}

/** Units shown per variant (see contract/rules/stock.ts); undefined for an untracked product. */
export type ShownStock = (p: StoredProduct) => Product['inventory'];

export function toPublicProduct(
  p: StoredProduct,
  categoriesById: ReadonlyMap<number, Category>,
  shownStock?: ShownStock,
): Product {
  const { category_ids, inventory: _stored, ...rest } = p;
  const categories = category_ids.flatMap((id) => {
    const c = categoriesById.get(id);
    return c ? [{ id: c.id, name: c.name, slug: c.slug }] : [];
  });
  const inventory = shownStock?.(p);
  return inventory ? { ...rest, categories, inventory } : { ...rest, categories };
}
