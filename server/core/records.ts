/**
 * Stored shapes. They differ from the API shapes in a few deliberate ways: products keep category
 * ids (names and slugs are joined in on read, so a renamed category shows everywhere at once), users
 * keep a password hash, and orders keep their items and idempotency key in the same row.
 */
import type { Category } from '../../contract/schemas/category';
import type { Order, OrderItem } from '../../contract/schemas/order';
import type { Product } from '../../contract/schemas/product';
import type { User } from '../../contract/schemas/user';

export type StoredCategory = Category;

export type StoredProduct = Omit<Product, 'categories'> & { category_ids: number[] };

export type StoredUser = User & {
  password_hash: string;
  created_at: string;
  /** Set by a password change: sessions opened at or before this ISO time are ended (session-book.ts)… */
  sessions_revoked_at?: string;
  /** …except this one, the session that made the change. */
  kept_session_id?: number;
};

export interface StoredSession {
  id: number;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

export type StoredOrder = Order & {
  items: OrderItem[];
  idempotency_key: string | null;
  /** SHA-256 of the request (order-request.ts): tells a retry from a reused key. Older orders lack it. */
  request_hash?: string;
};

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
  return { id: u.id, name: u.name, email: u.email, phone: u.phone, is_admin: u.is_admin };
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

export function toPublicProduct(p: StoredProduct, categoriesById: ReadonlyMap<number, Category>): Product {
  const { category_ids, ...rest } = p;
  const categories = category_ids.flatMap((id) => {
    const c = categoriesById.get(id);
    return c ? [{ id: c.id, name: c.name, slug: c.slug }] : [];
  });
  return { ...rest, categories };
}
