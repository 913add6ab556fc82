/**
 * Lookups the order paths need without scanning every order: a shopper's orders and an idempotency
 * key. Built from the table on first use, then kept current from the table's commits, so with 100k
 * orders placing one (duplicate check) and listing "my orders" cost what the shopper owns, not the shop.
 * Only ids are kept (a shopper's in ascending order, a key's under its shopper, the key text being the
 * row's own), so a million orders cost a few megabytes here, not an entry object per order.
 */
import type { Table } from '../ports';
import type { StoredOrder } from '../records';

/** Index of the first id not below `id` in an ascending list. */
function lowerBound(ids: readonly number[], id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function createOrderIndex(orders: Table<StoredOrder>) {
  let byUser: Map<number, number[]> | undefined;
  let byKey: Map<number, Map<string, number>> | undefined;

  const add = (o: StoredOrder): void => {
    let mine = byUser!.get(o.user_id);
    if (!mine) byUser!.set(o.user_id, (mine = []));
    // Ids only grow, so a new order is a push; a replaced one is already there.
    const at = mine.length && mine[mine.length - 1]! >= o.id ? lowerBound(mine, o.id) : mine.length;
    if (mine[at] !== o.id) mine.splice(at, 0, o.id);
    if (!o.idempotency_key) return;
    let keys = byKey!.get(o.user_id);
    if (!keys) byKey!.set(o.user_id, (keys = new Map()));
    keys.set(o.idempotency_key, o.id);
  };
  const drop = (o: StoredOrder): void => {
    const mine = byUser!.get(o.user_id);
    const at = mine ? lowerBound(mine, o.id) : -1;
    if (mine && mine[at] === o.id) mine.splice(at, 1);
    const key = o.idempotency_key;
    const keys = key ? byKey!.get(o.user_id) : undefined;
    if (key && keys?.get(key) === o.id) keys.delete(key);
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

  const rows = (ids: readonly number[]): StoredOrder[] =>
    ids.flatMap((id) => {
      const o = orders.get(id);
      return o ? [o] : [];
    });

  return {
    ofUser(userId: number): StoredOrder[] {
      ready();
      return rows(byUser!.get(userId) ?? []);
    },
    byIdempotencyKey(userId: number, key: string): StoredOrder | undefined {
      ready();
      const id = byKey!.get(userId)?.get(key);
      return id === undefined ? undefined : orders.get(id);
    },
  };
}
