/**
 * The room `orders/`: orders — placing, listing and status changes (here), the order book and its
 * lookups, the admin's paged list, each order's timeline, customers, the per-day figures and sales
 * reports, and the countries an address may name.
 */
import { LIMITS, ORDER_LIMITS } from '#contract/limits';
import { effectivePrice, formatMoney, fromCents, toCents } from '#contract/rules/money';
import type { Order, OrderItem, OrderItemView, OrderStatus, PlaceOrderInput } from '#contract/schemas/order';
import { ORDER_LINES_MAX } from '#contract/schemas/order';
import type { OrderListQuery, OrderPage } from '#contract/schemas/order-list';
import { isPagedOrderQuery, ORDER_PAGE_LIMIT_DEFAULT } from '#contract/schemas/order-list';
import type { User } from '#contract/schemas/user';
import type { Principal } from '../ports';
import { DomainError, notFound, validationFailed } from '../api/errors';
import type { OrderBook } from './book';
import { createOrderBook } from './book';
import { createOrderIndex } from './indexes';
import { orderIdPage } from './pages';
import type { MergedLine } from './request';
import { checkShipping, mergeLines, parseShipping, requestHash } from './request';
import type { CoreDeps } from '../ports';
import type { StoredOrder } from '../records';
import { toPublicOrder } from '../records';
import type { StockLedger } from '../stock/ledger';
import type { Mailer } from '../mail/outbox';
import { NEWS_STATUSES, newOrderAlert, orderConfirmation, orderStatusNews } from '../mail/order-mails';

const keyReused = (): DomainError =>
  new DomainError(
    'idempotency_key_reused',
    'This Idempotency-Key was already used for a different order; send a new key for a new order',
  );

const byNewest = (a: StoredOrder, b: StoredOrder): number =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id;

/** Item ids are derived from the order id (at most ORDER_LINES_MAX lines), so they are unique and stable. */
export const orderItemId = (orderId: number, index: number): number =>
  orderId * (ORDER_LINES_MAX * 10) + index + 1;

export function createOrderUseCases(
  { stores, clock, currency = 'USD' }: CoreDeps,
  book: OrderBook = createOrderBook(stores.orders),
  stock?: StockLedger,
  mailer?: Mailer,
) {
  const index = createOrderIndex(stores.orders);
  /** An id of the order book as the public order (none if the row is gone). */
  const publicOrders = (id: number): Order[] => {
    const o = stores.orders.get(id);
    return o ? [toPublicOrder(o)] : [];
  };

  /** The spec's plain list: every order, newest first (read off the book's timeline, no sort). */
  function all(): Order[] {
    const line = book.read().all;
    return line.page(0, line.size).flatMap(publicOrders);
  }

  // A retry racing its original (same user and key, before either has landed) shares its answer.
  const inFlight = new Map<string, { hash: string; placing: Promise<{ orderId: number }> }>();

  /** Every price, title and option comes from the catalogue; the client's price is ignored. */
  function priceLines(lines: readonly MergedLine[]): { items: Omit<OrderItem, 'id'>[]; cents: number } {
    const fields: Record<string, string> = {};
    const items: Omit<OrderItem, 'id'>[] = [];
    let cents = 0;
    for (const line of lines) {
      const i = line.at;
      const p = stores.products.get(line.productId);
      if (!p) {
        fields[`cart.${i}.productId`] = 'Unknown product';
        continue;
      }
      const size = line.selectedSize;
      const color = line.selectedColor;
      if (p.sizes.length ? !p.sizes.includes(size) : size !== '')
        fields[`cart.${i}.selectedSize`] = 'This size is not available';
      if (p.colors.length ? !p.colors.includes(color) : color !== '')
        fields[`cart.${i}.selectedColor`] = 'This colour is not available';
      const unit = effectivePrice(p);
      cents += toCents(unit) * line.qty;
      items.push({
        product_id: p.id,
        product_title: p.title,
        qty: line.qty,
        size,
        color,
        price: unit,
        size_id: line.sizeId ?? null,
      });
    }
    if (Object.keys(fields).length) throw validationFailed(fields, 'Some cart lines are not valid');
    return { items, cents };
  }

  /**
   * An order as its reader may see it: a shopper reads the status history (when, from, to) but not which
   * administrator made each change (their id and name or e-mail stay in the shop).
   */
  const seenBy = (user: User, order: Order): Order =>
    user.is_admin === 1
      ? order
      : { ...order, status_history: order.status_history.map(({ at, from, to }) => ({ at, from, to })) };

  const visibleTo = (order: StoredOrder | undefined, user: User): StoredOrder => {
    // Someone else's order answers exactly like a missing one, so ids cannot be probed.
    if (!order || (order.user_id !== user.id && user.is_admin !== 1)) throw notFound('Order');
    return order;
  };

  async function placeNew(
    user: User,
    input: PlaceOrderInput,
    lines: readonly MergedLine[],
    key: string | null,
    hash: string | undefined,
  ): Promise<{ orderId: number }> {
    if (input.payment_method !== 'cod')
      throw validationFailed({ payment_method: 'Only cash on delivery is accepted' });
    const details = parseShipping(input.shipping_address);
    const { shipping } = checkShipping(details);
    const { items, cents } = priceLines(lines);
    const totalCents = cents + toCents(shipping);
    if (totalCents > toCents(ORDER_LIMITS.total))
      throw validationFailed({
        cart: `An order can total at most ${formatMoney(ORDER_LIMITS.total, currency)}`,
      });
    const total = fromCents(totalCents);
    let release: (() => void) | undefined;
    // One row added through the row-level change: the cost does not grow with the number of orders.
    // The stock check runs in the same turn, so the order and the units it takes land together.
    const placing = stores.orders.change((_get, nextId) => {
      // Another instance may have placed this key's order since the check above (a shared store runs
      // this function after reading its writes in): answer with that order, as a retry here would get.
      const placed = key ? index.byIdempotencyKey(user.id, key) : undefined;
      if (placed) {
        if (placed.request_hash && placed.request_hash !== hash) throw keyReused();
        return { result: { orderId: placed.id } };
      }
      release = stock?.take(
        items.map((it, i) => ({
          line: lines[i]!.at,
          productId: it.product_id,
          size: it.size,
          color: it.color,
          qty: it.qty,
        })),
      );
      const id = nextId();
      const order: StoredOrder = {
        id,
        user_id: user.id,
        name: details.name.trim() || user.name,
        email: details.email.trim() || user.email,
        total,
        payment_method: 'cod',
        status: 'pending',
        created_at: clock.now().toISOString(),
        shipping_address: JSON.stringify(details),
        status_history: [],
        items: items.map((it, i) => ({ id: orderItemId(id, i), ...it })),
        idempotency_key: key,
        ...(hash ? { request_hash: hash } : {}),
      };
      // The confirmation (to the account's e-mail) and the shop's alert ride in the order's own write.
      const mail = mailer
        ? [
            ...mailer.queue('order-confirmation', [user.email], (s) => orderConfirmation(s, order)),
            ...mailer.queue('new-order', mailer.alertRecipients(), (s) => newOrderAlert(s, order)),
          ]
        : [];
      return { put: [order], result: { orderId: id }, mail };
    });
    try {
      return await placing;
    } finally {
      release?.();
    }
  }

  return {
    /**
     * With an Idempotency-Key: the same key and request answer the original order (also while it is
     * still being written); the same key with another request is a 422, never the old order.
     */
    async place(
      principal: Principal,
      input: PlaceOrderInput,
      idempotencyKey?: string,
    ): Promise<{ orderId: number }> {
      const user = principal.user;
      const key = idempotencyKey?.trim() || null;
      if (key && key.length > LIMITS.idempotencyKey)
        throw validationFailed({
          'idempotency-key': `The Idempotency-Key must be at most ${LIMITS.idempotencyKey} characters`,
        });
      const lines = mergeLines(input.cart);
      if (!key) return placeNew(user, input, lines, null, undefined);
      const hash = await requestHash(lines, input);
      const seen = index.byIdempotencyKey(user.id, key);
      if (seen) {
        if (seen.request_hash && seen.request_hash !== hash) throw keyReused();
        return { orderId: seen.id };
      }
      const slot = `${user.id}\u0000${key}`;
      const pending = inFlight.get(slot);
      if (pending) {
        if (pending.hash !== hash) throw keyReused();
        return pending.placing;
      }
      const placing = placeNew(user, input, lines, key, hash);
      inFlight.set(slot, { hash, placing });
      try {
        return await placing;
      } finally {
        inFlight.delete(slot);
      }
    },

    mine(user: User): Order[] {
      return index
        .ofUser(user.id)
        .sort(byNewest)
        .map((o) => seenBy(user, toPublicOrder(o)));
    },

    all,

    /** GET /orders: the plain list without parameters, else one page with the counts per status. */
    list(query: OrderListQuery): Order[] | OrderPage {
      if (!isPagedOrderQuery(query)) return all();
      const { ids, total, counts } = orderIdPage(book.read(), (id) => stores.orders.get(id), {
        page: query.page ?? 1,
        limit: query.limit ?? ORDER_PAGE_LIMIT_DEFAULT,
        status: query.status,
        q: query.q,
      });
      return { items: ids.flatMap(publicOrders), total, counts };
    },

    /** One order, for its owner or an admin; anyone else gets the same 404 as for a missing order. */
    one(user: User, orderId: number): Order {
      return seenBy(user, toPublicOrder(visibleTo(stores.orders.get(orderId), user)));
    },

    /** The order's lines, each with its product's current picture (an extra of ours, null when none). */
    items(user: User, orderId: number): OrderItemView[] {
      return visibleTo(stores.orders.get(orderId), user).items.map((it) => ({
        ...it,
        image: stores.products.get(it.product_id)?.featured_image ?? null,
      }));
    },

    /**
     * Any status may follow any other (spec section 4); each change is recorded with who made it.
     * Cancelling puts the order's units back; leaving cancelled takes them again, or is refused with
     * out_of_stock when they are gone.
     */
    async updateStatus(admin: User, orderId: number, status: OrderStatus): Promise<Order> {
      if (admin.is_admin !== 1) throw new DomainError('forbidden', 'Administrators only');
      let release: (() => void) | undefined;
      const changing = stores.orders.change((get) => {
        const current = get(orderId);
        if (!current) throw notFound('Order');
        if (current.status === 'cancelled' && status !== 'cancelled')
          release = stock?.take(
            current.items.map((it, i) => ({
              line: i,
              productId: it.product_id,
              size: it.size,
              color: it.color,
              qty: it.qty,
            })),
          );
        const next: StoredOrder = {
          ...current,
          status,
          // The newest changes are kept when the history is full (LIMITS.statusHistory).
          status_history: [
            ...current.status_history.slice(-(LIMITS.statusHistory - 1)),
            {
              at: clock.now().toISOString(),
              admin_id: admin.id,
              admin_name: admin.name || admin.email,
              from: current.status,
              to: status,
            },
          ],
        };
        const owner = stores.users.get(current.user_id);
        const mail =
          mailer && owner && status !== current.status && NEWS_STATUSES.includes(status)
            ? mailer.queue('order-status', [owner.email], (s) => orderStatusNews(s, next, status))
            : [];
        return { put: [next], result: toPublicOrder(next), mail };
      });
      try {
        return await changing;
      } finally {
        release?.();
      }
    },
  };
}
