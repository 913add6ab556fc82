/**
 * Back-in-stock requests and the notifications they turn into (issue 14). A shopper waits for a sold-out
 * size × colour (one stored request); when the ledger reports that variant back (an admin restock, an
 * order cancelled) each request becomes a notification, written first, and the requests are removed
 * after. A crash between the two leaves requests whose notification exists: `sweep` (at start) removes
 * those without a second notification, and notifies any request whose variant is back meanwhile.
 */
import { LIMITS } from '#contract/limits';
import type { Notification, NotifyBody, StockRequest } from '#contract/schemas/stock';
import { DomainError, notFound, validationFailed } from '../api/errors';
import type { CoreDeps } from '../ports';
import type { StoredNotification, StoredProduct, StoredStockRequest } from '../records';
import type { Restock, StockLedger } from './ledger';
import type { Mailer } from '../mail/outbox';
import { backInStock } from '../mail/account-mails';

const slot = (pid: number, size: string, color: string): string => `${pid}\u0000${size}\u0000${color}`;
const tooMany = (): DomainError =>
  new DomainError('conflict', `You can wait for at most ${LIMITS.stockRequests} sizes at a time`);

export function createStockAlerts({ stores, clock }: CoreDeps, ledger: StockLedger, mailer?: Mailer) {
  /** product id → requests waiting on it; user id → their requests. Kept from the table's commits. */
  const byProduct = new Map<number, Set<StoredStockRequest>>();
  const byUser = new Map<number, Set<StoredStockRequest>>();
  const notesByUser = new Map<number, Set<StoredNotification>>();

  const add = <K, V>(map: Map<K, Set<V>>, k: K, v: V): void => {
    let s = map.get(k);
    if (!s) map.set(k, (s = new Set()));
    s.add(v);
  };
  const drop = <K, V>(map: Map<K, Set<V>>, k: K, v: V): void => {
    const s = map.get(k);
    if (!s) return;
    s.delete(v);
    if (s.size === 0) map.delete(k);
  };
  for (const r of stores.stockRequests.all()) {
    add(byProduct, r.product_id, r);
    add(byUser, r.user_id, r);
  }
  for (const n of stores.notifications.all()) add(notesByUser, n.user_id, n);
  stores.stockRequests.subscribe(({ put, removed }) => {
    for (const r of removed) {
      drop(byProduct, r.product_id, r);
      drop(byUser, r.user_id, r);
    }
    for (const r of put) {
      add(byProduct, r.product_id, r);
      add(byUser, r.user_id, r);
    }
  });
  stores.notifications.subscribe(({ put, removed }) => {
    for (const n of removed) drop(notesByUser, n.user_id, n);
    for (const n of put) add(notesByUser, n.user_id, n);
  });

  const toPublic = (n: StoredNotification): Notification => {
    const p = stores.products.get(n.product_id);
    return {
      id: n.id,
      product: {
        id: n.product_id,
        title: p?.title ?? n.product_title,
        featured_image: p?.featured_image ?? null,
      },
      size: n.size,
      color: n.color,
      created_at: n.created_at,
      read: n.read,
    };
  };

  /** The product's size and colour as it spells them ('' where it has none), or a 400. */
  function variantOf(p: StoredProduct, body: Required<NotifyBody>): { size: string; color: string } {
    const size = body.size.trim();
    const color = body.color.trim();
    const fields: Record<string, string> = {};
    if (p.sizes.length ? !p.sizes.includes(size) : size !== '') fields.size = 'This size is not available';
    if (p.colors.length ? !p.colors.includes(color) : color !== '')
      fields.color = 'This colour is not available';
    if (Object.keys(fields).length) throw validationFailed(fields);
    return { size, color };
  }

  /** Requests of this product whose variant has units now (all of them when it no longer tracks stock). */
  const ready = (pid: number): StoredStockRequest[] => {
    const p = stores.products.get(pid);
    const waiting = [...(byProduct.get(pid) ?? [])];
    if (!p) return [];
    return waiting.filter((r) => (ledger.left(p, r.size, r.color) ?? 1) > 0);
  };

  /** Requests accepted by a change function whose write has not landed yet: user id → their slots. */
  const pending = new Map<number, Set<string>>();
  /** A shopper's requests, landed or accepted but not landed, counting each slot once. */
  const slotsOf = (userId: number): Set<string> => {
    const slots = new Set(pending.get(userId));
    for (const r of byUser.get(userId) ?? []) slots.add(slot(r.product_id, r.size, r.color));
    return slots;
  };

  let running: Promise<void> = Promise.resolve();
  /** Turns ready requests into notifications, one product at a time (serialised: no double notices). */
  function deliver(pids: Iterable<number>): Promise<void> {
    const list = [...new Set(pids)];
    running = running.then(async () => {
      for (const pid of list) await deliverOne(pid);
    });
    return running;
  }

  async function deliverOne(pid: number): Promise<void> {
    const due = ready(pid);
    if (due.length === 0) return;
    const fresh = due.filter(
      (r) =>
        ![...(notesByUser.get(r.user_id) ?? [])].some(
          (n) =>
            n.product_id === pid && n.size === r.size && n.color === r.color && n.created_at >= r.created_at,
        ),
    );
    try {
      if (fresh.length)
        await stores.notifications.change((_get, nextId) => {
          const at = clock.now().toISOString();
          const put: StoredNotification[] = fresh.map((r) => ({
            id: nextId(),
            user_id: r.user_id,
            product_id: pid,
            product_title: stores.products.get(pid)?.title ?? '',
            size: r.size,
            color: r.color,
            created_at: at,
            read: false,
          }));
          // Each shopper keeps the newest LIMITS.notifications.
          const remove: number[] = [];
          for (const uid of new Set(fresh.map((r) => r.user_id))) {
            const mine = [...(notesByUser.get(uid) ?? [])].sort((a, b) => b.id - a.id);
            const added = put.filter((n) => n.user_id === uid).length;
            for (const old of mine.slice(Math.max(0, LIMITS.notifications - added))) remove.push(old.id);
          }
          // The mail beside each in-app notification, in the same write.
          const mail = put.flatMap((n) => {
            const u = stores.users.get(n.user_id);
            if (!u || !mailer) return [];
            const product = { id: pid, title: n.product_title };
            return mailer.queue('back-in-stock', [u.email], (st) =>
              backInStock(st, u.name, product, n.size, n.color),
            );
          });
          return { put, remove, result: undefined, mail };
        });
      await stores.stockRequests.change(() => ({ remove: due.map((r) => r.id), result: undefined }));
    } catch (e) {
      // Storage refused: the requests stay, and the next restock or start delivers them.
      console.error('[stock] back-in-stock notifications were not written:', e);
    }
  }

  ledger.onRestock((r: Restock) => void deliver([r.productId]));
  // A product the shop deletes will never be back: its requests go (its notifications keep their title).
  stores.products.subscribe(({ put, removed }) => {
    const gone = removed.filter((p) => !put.some((q) => q.id === p.id) && byProduct.has(p.id));
    if (gone.length === 0) return;
    const ids = gone.flatMap((p) => [...(byProduct.get(p.id) ?? [])].map((r) => r.id));
    stores.stockRequests
      .change(() => ({ remove: ids, result: undefined }))
      .catch((e: unknown) => {
        console.error('[stock] the requests of a deleted product were not removed:', e);
      });
  });

  return {
    /** POST /products/{id}/notify: idempotent; only for a size × colour that is sold out. */
    async request(userId: number, productId: number, body: Required<NotifyBody>): Promise<{ ok: true }> {
      const p = stores.products.get(productId);
      if (!p) throw notFound('Product');
      const { size, color } = variantOf(p, body);
      const left = ledger.left(p, size, color);
      if (left === undefined || left > 0)
        throw new DomainError('conflict', 'This size and colour is in stock: add it to your cart');
      const mine = byUser.get(userId) ?? new Set();
      if ([...mine].some((r) => r.product_id === productId && r.size === size && r.color === color))
        return { ok: true };
      if (mine.size >= LIMITS.stockRequests) throw tooMany();
      const key = slot(productId, size, color);
      let claimed = false;
      try {
        await stores.stockRequests.change((_get, nextId) => {
          // Checked again in the write's own turn, against the requests landed and those accepted before it
          // whose write is still in flight: two quick presses store one request, and a burst cannot pass the cap.
          const slots = slotsOf(userId);
          if (slots.has(key)) return { result: undefined };
          if (slots.size >= LIMITS.stockRequests) throw tooMany();
          add(pending, userId, key);
          claimed = true;
          const row: StoredStockRequest = {
            id: nextId(),
            user_id: userId,
            product_id: productId,
            size,
            color,
            created_at: clock.now().toISOString(),
          };
          return { put: [row], result: undefined };
        });
      } finally {
        if (claimed) drop(pending, userId, key);
      }
      return { ok: true };
    },

    mine(userId: number): StockRequest[] {
      return [...(byUser.get(userId) ?? [])]
        .sort((a, b) => b.id - a.id)
        .map((r) => ({ product_id: r.product_id, size: r.size, color: r.color, created_at: r.created_at }));
    },

    /** Shoppers waiting for one variant (the admin's stock grid). */
    waiting(productId: number, size: string, color: string): number {
      let n = 0;
      for (const r of byProduct.get(productId) ?? []) if (r.size === size && r.color === color) n++;
      return n;
    },

    notifications(userId: number): Notification[] {
      return [...(notesByUser.get(userId) ?? [])]
        .sort((a, b) => b.id - a.id)
        .slice(0, LIMITS.notifications)
        .map(toPublic);
    },

    async markRead(userId: number, id: number): Promise<Notification> {
      return stores.notifications.change((get) => {
        const n = get(id);
        // Someone else's notification answers like a missing one.
        if (!n || n.user_id !== userId) throw notFound('Notification');
        if (n.read) return { result: toPublic(n) };
        const next = { ...n, read: true };
        return { put: [next], result: toPublic(next) };
      });
    },

    /** At start: delivers what a crash or a restock while stopped left waiting. */
    sweep(): Promise<void> {
      return deliver(byProduct.keys());
    },

    /** Resolves once every delivery started so far has finished (tests). */
    settled: (): Promise<void> => running,
  };
}

export type StockAlerts = ReturnType<typeof createStockAlerts>;
