/**
 * Loads the demo store (fixtures/generate.ts) into empty tables through the normal write path.
 * Users get fresh ids (the admin may already hold id 1), so orders are re-pointed at them.
 */
import { z } from 'zod';
import { categorySchema, idSchema } from '#contract/schemas/category';
import { orderItemSchema, orderSchema } from '#contract/schemas/order';
import { productSchema } from '#contract/schemas/product';
import { userSchema } from '#contract/schemas/user';
import type { PasswordHasher, Stores } from './ports';
import type { StoredOrder, StoredProduct, StoredUser } from './records';

type DemoProduct = z.infer<typeof productSchema>;

/**
 * A product of API shape as a stored row: category ids instead of categories, and each stock line
 * with the units the orders already hold (`held`), so its quantity is what is left after them.
 */
export function storedProductOf(
  { categories, inventory, ...p }: DemoProduct,
  held: (productId: number, size: string, color: string) => number = () => 0,
): StoredProduct {
  return {
    ...p,
    category_ids: categories.map((c) => c.id),
    ...(inventory ? { inventory: inventory.map((l) => ({ ...l, held: held(p.id, l.size, l.color) })) } : {}),
  };
}

/** The demo data in API shapes: users carry a plain password (hashed here), order items their order's id. */
export const demoStoreSchema = z.object({
  categories: z.array(categorySchema),
  products: z.array(productSchema),
  users: z.array(userSchema.extend({ password: z.string() })),
  orders: z.array(orderSchema),
  orderItems: z.array(orderItemSchema.extend({ order_id: idSchema })),
});
export type DemoStore = z.infer<typeof demoStoreSchema>;

export interface SeedResult {
  seeded: boolean;
}

/** Seeds only when the catalogue is empty; a store that has been used is never touched. */
export async function seedDemoStore(
  stores: Stores,
  hasher: PasswordHasher,
  demo: DemoStore,
  now: Date,
): Promise<SeedResult> {
  if (stores.categories.all().length || stores.products.all().length) return { seeded: false };
  await stores.categories.mutate((rows) => ({ rows: [...rows, ...demo.categories], result: undefined }));
  // The demo's stock is what is left after its own orders: the units those orders hold are `held`.
  const cancelled = new Set(demo.orders.filter((o) => o.status === 'cancelled').map((o) => o.id));
  const held = new Map<string, number>();
  const slot = (pid: number, size: string, color: string) => `${pid}\u0000${size}\u0000${color}`;
  for (const it of demo.orderItems) {
    if (cancelled.has(it.order_id)) continue;
    const k = slot(it.product_id, it.size, it.color);
    held.set(k, (held.get(k) ?? 0) + it.qty);
  }
  await stores.products.mutate((rows) => ({
    rows: [
      ...rows,
      ...demo.products.map((p) =>
        storedProductOf(p, (id, size, color) => held.get(slot(id, size, color)) ?? 0),
      ),
    ],
    result: undefined,
  }));

  const hashed = await Promise.all(demo.users.map(async (u) => ({ u, hash: await hasher.hash(u.password) })));
  const userIds = await stores.users.mutate((rows, nextId) => {
    const map = new Map<number, number>();
    const added: StoredUser[] = [];
    for (const { u, hash } of hashed) {
      const existing = rows.find((r) => r.email.toLowerCase() === u.email.toLowerCase());
      if (existing) {
        map.set(u.id, existing.id);
        continue;
      }
      const id = nextId();
      map.set(u.id, id);
      added.push({
        id,
        name: u.name,
        email: u.email,
        phone: u.phone,
        is_admin: u.is_admin,
        password_hash: hash,
        created_at: now.toISOString(),
      });
    }
    return { rows: added.length ? [...rows, ...added] : rows, result: map };
  });

  if (!stores.orders.all().length && demo.orders.length) {
    const orders: StoredOrder[] = demo.orders.flatMap((o) => {
      const userId = userIds.get(o.user_id);
      if (userId === undefined) return [];
      const items = demo.orderItems.filter((it) => it.order_id === o.id).map(({ order_id: _o, ...it }) => it);
      // The demo's history names its administrator (an answer may leave that out; a stored row never does).
      const status_history = o.status_history.flatMap(({ admin_id, admin_name, ...h }) =>
        admin_id !== undefined && admin_name !== undefined ? [{ ...h, admin_id, admin_name }] : [],
      );
      return [{ ...o, user_id: userId, items, idempotency_key: null, status_history }];
    });
    await stores.orders.mutate((rows) => ({ rows: [...rows, ...orders], result: undefined }));
  }
  return { seeded: true };
}
