/**
 * Lookups the order paths need without scanning every order: a shopper's orders and an idempotency
 * key. Built from the table on first use, then kept current from the table's commits, so with 100k
 * orders placing one (duplicate check) and listing "my orders" cost what the shopper owns, not the shop.
 */
import type { Table } from './ports';
import type { StoredOrder } from './records';

const keyOf = (userId: number, key: string): string => `${userId}\u0000${key}`;

export function createOrderIndex(orders: Table<StoredOrder>) {
  let byUser: Map<number, Map<number, StoredOrder>> | undefined;
  let byKey: Map<string, StoredOrder> | undefined;

  const add = (o: StoredOrder): void => {
    let mine = byUser!.get(o.user_id);
    if (!mine) byUser!.set(o.user_id, (mine = new Map()));
    mine.set(o.id, o);
    if (o.idempotency_key) byKey!.set(keyOf(o.user_id, o.idempotency_key), o);
  };
  const drop = (o: StoredOrder): void => {
    byUser!.get(o.user_id)?.delete(o.id);
    if (o.idempotency_key && byKey!.get(keyOf(o.user_id, o.idempotency_key))?.id === o.id)
      byKey!.delete(keyOf(o.user_id, o.idempotency_key));
  };
  const ready = (): void => {
    if (byUser) return;
    byUser = new Map();
    byKey = new Map();
    for (const o of orders.all()) add(o);
  };

  orders.subscribe(({ put, removed }) => {
    if (!byUser) return;
    removed.forEach(drop);
    put.forEach(add);
  });

  return {
    ofUser(userId: number): StoredOrder[] {
      ready();
      return [...(byUser!.get(userId)?.values() ?? [])];
    },
    byIdempotencyKey(userId: number, key: string): StoredOrder | undefined {
      ready();
      return byKey!.get(keyOf(userId, key));
    },
  };
}
