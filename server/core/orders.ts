import { effectivePrice, fromCents, toCents } from '../../contract/rules/money';
import { shippingForOrder } from '../../contract/rules/shipping';
import { validateCheckout } from '../../contract/rules/validation';
import type { Order, OrderItem, OrderStatus, ShippingDetails } from '../../contract/schemas/order';
import { ORDER_LINES_MAX, shippingDetailsSchema } from '../../contract/schemas/order';
import type { User } from '../../contract/schemas/user';
import type { Principal } from './auth';
import { DomainError, notFound, validationFailed } from './errors';
import { createOrderIndex } from './order-index';
import type { CoreDeps } from './ports';
import type { StoredOrder } from './records';
import { toPublicOrder } from './records';

export interface OrderLineInput {
  productId: number;
  sizeId?: string | number | null;
  qty: number;
  selectedColor: string;
  selectedSize: string;
}

export interface PlaceOrderInput {
  cart: OrderLineInput[];
  shipping_address: string;
  payment_method: string;
}

/** Invalid JSON counts as an empty object (spec section 8), which then fails the checkout rules. */
function parseShipping(text: string): ShippingDetails {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    raw = {};
  }
  const parsed = shippingDetailsSchema.safeParse(raw && typeof raw === 'object' ? raw : {});
  if (!parsed.success) throw validationFailed({ shipping_address: 'Invalid shipping address' });
  return parsed.data;
}

const byNewest = (a: StoredOrder, b: StoredOrder): number =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id;

/** Item ids are derived from the order id (at most ORDER_LINES_MAX lines), so they are unique and stable. */
export const orderItemId = (orderId: number, index: number): number =>
  orderId * (ORDER_LINES_MAX * 10) + index + 1;

export function createOrderUseCases({ stores, clock }: CoreDeps) {
  const index = createOrderIndex(stores.orders);
  // A retry racing its original (same user and key, before either has landed) shares its answer.
  const inFlight = new Map<string, Promise<{ orderId: number }>>();

  /** Every price, title and option comes from the catalogue; the client's price is ignored. */
  function priceLines(cart: readonly OrderLineInput[]): { items: Omit<OrderItem, 'id'>[]; cents: number } {
    const fields: Record<string, string> = {};
    const items: Omit<OrderItem, 'id'>[] = [];
    let cents = 0;
    cart.forEach((line, i) => {
      const p = stores.products.get(line.productId);
      if (!p) {
        fields[`cart.${i}.productId`] = 'Unknown product';
        return;
      }
      const size = line.selectedSize.trim();
      const color = line.selectedColor.trim();
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
    });
    if (Object.keys(fields).length) throw validationFailed(fields, 'Some cart lines are not valid');
    return { items, cents };
  }

  const visibleTo = (order: StoredOrder | undefined, user: User): StoredOrder => {
    // Someone else's order answers exactly like a missing one, so ids cannot be probed.
    if (!order || (order.user_id !== user.id && user.is_admin !== 1)) throw notFound('Order');
    return order;
  };

  async function placeNew(
    user: User,
    input: PlaceOrderInput,
    key: string | null,
  ): Promise<{ orderId: number }> {
    if (input.payment_method !== 'cod')
      throw validationFailed({ payment_method: 'Only cash on delivery is accepted' });
    const details = parseShipping(input.shipping_address);
    const errors = validateCheckout({
      name: details.name,
      street: details.street ?? '',
      city: details.city ?? '',
      province: details.province ?? '',
      phone: details.phone,
    });
    if (Object.keys(errors).length) throw validationFailed(errors);
    const { items, cents } = priceLines(input.cart);
    const total = fromCents(cents + toCents(shippingForOrder(details.city)));
    // One row added through the row-level change: the cost does not grow with the number of orders.
    return stores.orders.change((_get, nextId) => {
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
      };
      return { put: [order], result: { orderId: id } };
    });
  }

  return {
    async place(
      principal: Principal,
      input: PlaceOrderInput,
      idempotencyKey?: string,
    ): Promise<{ orderId: number }> {
      const user = principal.user;
      const key = idempotencyKey?.trim().slice(0, 200) || null;
      if (!key) return placeNew(user, input, null);
      const seen = index.byIdempotencyKey(user.id, key);
      if (seen) return { orderId: seen.id };
      const slot = `${user.id}\u0000${key}`;
      const pending = inFlight.get(slot);
      if (pending) return pending;
      const placing = placeNew(user, input, key);
      inFlight.set(slot, placing);
      try {
        return await placing;
      } finally {
        inFlight.delete(slot);
      }
    },

    mine(user: User): Order[] {
      return index.ofUser(user.id).sort(byNewest).map(toPublicOrder);
    },

    all(): Order[] {
      return [...stores.orders.all()].sort(byNewest).map(toPublicOrder);
    },

    items(user: User, orderId: number): OrderItem[] {
      return visibleTo(stores.orders.get(orderId), user).items;
    },

    /** Any status may follow any other (spec section 4); each change is recorded with who made it. */
    async updateStatus(admin: User, orderId: number, status: OrderStatus): Promise<Order> {
      if (admin.is_admin !== 1) throw new DomainError('forbidden', 'Administrators only');
      return stores.orders.change((get) => {
        const current = get(orderId);
        if (!current) throw notFound('Order');
        const next: StoredOrder = {
          ...current,
          status,
          status_history: [
            ...current.status_history,
            {
              at: clock.now().toISOString(),
              admin_id: admin.id,
              admin_name: admin.name || admin.email,
              from: current.status,
              to: status,
            },
          ],
        };
        return { put: [next], result: toPublicOrder(next) };
      });
    },
  };
}
