/**
 * The room `stock/`: stock per size and colour (this ledger), the back-in-stock requests and
 * notifications (alerts.ts) and the wishlist.
 *
 * Stock per size × colour, derived from the data rather than kept beside it, so that an order takes
 * its stock in its own durable write and nothing can drift after a crash:
 *
 *   held(variant)  = units in the lines of every order that is not cancelled (counted from the orders)
 *   left(variant)  = quantity − (held now − held then)
 *
 * where `quantity` is what the admin last set for the variant and `held then` what the orders held at
 * that moment (both stored on the product row, records.ts). Placing an order adds its lines to `held`,
 * cancelling removes them, un-cancelling adds them again; a restart counts `held` from the orders again
 * and lands on the same figures.
 *
 * Checks happen inside the orders table's change function (serialised with every other order write),
 * against the committed figures minus the units of orders already accepted but not yet landed
 * (`reserved`), so fifty shoppers racing for ten units get exactly ten. `held` is counted only for
 * products that track stock (or were asked about): the first use scans the orders once, a product that
 * starts tracking scans them once more.
 */
import type { ShortLine } from '#contract/schemas/errors';
import type { Variant } from '#contract/schemas/stock';
import { STOCK_SHOWN_MAX } from '#contract/rules/stock';
import { DomainError } from '../api/errors';
import type { Stores } from '../ports';
import type { StoredInventoryLine, StoredOrder, StoredProduct } from '../records';

const keyOf = (size: string, color: string): string => `${size}\u0000${color}`;
const variantOf = (key: string): Variant => {
  const i = key.indexOf('\u0000');
  return { size: key.slice(0, i), color: key.slice(i + 1) };
};
const holds = (o: StoredOrder): boolean => o.status !== 'cancelled';

/** A line that wants stock: the index of the request's cart line it came from, and what it asks. */
export interface StockClaim {
  line: number;
  productId: number;
  size: string;
  color: string;
  qty: number;
}

/** A variant whose units went from none to some (or whose product stopped tracking: all of them). */
export interface Restock {
  productId: number;
  variants: readonly Variant[] | 'all';
}

type Counts = Map<string, number>;

export function outOfStock(lines: ShortLine[]): DomainError {
  const fields: Record<string, string> = {};
  for (const l of lines)
    fields[`cart.${l.line}.qty`] = l.available === 0 ? 'Sold out' : `Only ${l.available} left`;
  const error = new DomainError(
    'out_of_stock',
    lines.length === 1
      ? 'A line of the cart asks for more than is left'
      : 'Some lines of the cart ask for more than is left',
    fields,
  );
  error.lines = lines;
  return error;
}

export function createStockLedger(stores: Pick<Stores, 'products' | 'orders'>) {
  /** product id → variant → units held by orders that are not cancelled (watched products only). */
  const held = new Map<number, Counts>();
  /** Units of orders accepted by a change function whose write has not landed yet. */
  const reserved = new Map<number, Counts>();
  const restockListeners = new Set<(r: Restock) => void>();
  const shownListeners = new Set<(productId: number) => void>();
  let ready = false;

  const bump = (map: Map<number, Counts>, pid: number, key: string, by: number): void => {
    let m = map.get(pid);
    if (!m) map.set(pid, (m = new Map()));
    const next = (m.get(key) ?? 0) + by;
    if (next === 0) m.delete(key);
    else m.set(key, next);
  };

  /** Counts the orders' units for these products (one pass over the orders). */
  function count(pids: ReadonlySet<number>): void {
    for (const pid of pids) held.set(pid, new Map());
    if (pids.size === 0) return;
    for (const o of stores.orders.all()) {
      if (!holds(o)) continue;
      for (const it of o.items)
        if (pids.has(it.product_id)) bump(held, it.product_id, keyOf(it.size, it.color), it.qty);
    }
  }

  function ensure(): void {
    if (ready) return;
    ready = true;
    count(new Set(stores.products.all().flatMap((p) => (p.inventory ? [p.id] : []))));
  }

  function heldOf(pid: number): Counts {
    ensure();
    let m = held.get(pid);
    if (!m) {
      count(new Set([pid]));
      m = held.get(pid)!;
    }
    return m;
  }

  /** Units left of one stored line, from the committed orders. */
  const leftOf = (pid: number, line: StoredInventoryLine): number =>
    line.quantity - ((heldOf(pid).get(keyOf(line.size, line.color)) ?? 0) - line.held);

  /** Units left; undefined for an untracked product. Never below 0 (see `set` on the races that could). */
  function left(p: StoredProduct, size: string, color: string): number | undefined {
    if (!p.inventory) return undefined;
    const line = p.inventory.find((l) => l.size === size && l.color === color);
    return line ? Math.max(0, leftOf(p.id, line)) : 0;
  }

  /** What the public answers show: each tracked line's units, capped (contract/rules/stock.ts). */
  function shown(p: StoredProduct): { size: string; color: string; quantity: number }[] | undefined {
    if (!p.inventory) return undefined;
    return p.inventory.map((l) => ({
      size: l.size,
      color: l.color,
      quantity: Math.min(STOCK_SHOWN_MAX, Math.max(0, leftOf(p.id, l))),
    }));
  }

  /** Emits a restock for every variant of `pid` that had nothing left before and has some now. */
  function compare(
    before: StoredProduct | undefined,
    after: StoredProduct | undefined,
    was: Map<string, number>,
  ): void {
    if (!after) return;
    if (!after.inventory) {
      if (before?.inventory) for (const l of restockListeners) l({ productId: after.id, variants: 'all' });
      return;
    }
    const back: Variant[] = [];
    let shownChanged = false;
    for (const line of after.inventory) {
      const key = keyOf(line.size, line.color);
      const now = Math.max(0, leftOf(after.id, line));
      const then = was.get(key) ?? 0;
      if (then === 0 && now > 0) back.push({ size: line.size, color: line.color });
      if (Math.min(then, STOCK_SHOWN_MAX) !== Math.min(now, STOCK_SHOWN_MAX)) shownChanged = true;
    }
    if (back.length) for (const l of restockListeners) l({ productId: after.id, variants: back });
    if (shownChanged && before === after) for (const l of shownListeners) l(after.id);
  }

  const leftByVariant = (p: StoredProduct | undefined): Map<string, number> => {
    const m = new Map<string, number>();
    if (p?.inventory)
      for (const line of p.inventory) m.set(keyOf(line.size, line.color), Math.max(0, leftOf(p.id, line)));
    return m;
  };

  stores.orders.subscribe(({ put, removed }) => {
    if (!ready) return;
    // The tracked products this commit touches, with their units left before it.
    const before = new Map<number, Map<string, number>>();
    const touch = (o: StoredOrder): void => {
      for (const it of o.items) {
        if (!held.has(it.product_id) || before.has(it.product_id)) continue;
        before.set(it.product_id, leftByVariant(stores.products.get(it.product_id)));
      }
    };
    for (const o of removed) touch(o);
    for (const o of put) touch(o);
    if (before.size === 0) return;
    for (const o of removed)
      if (holds(o))
        for (const it of o.items)
          if (held.has(it.product_id)) bump(held, it.product_id, keyOf(it.size, it.color), -it.qty);
    for (const o of put)
      if (holds(o))
        for (const it of o.items)
          if (held.has(it.product_id)) bump(held, it.product_id, keyOf(it.size, it.color), it.qty);
    for (const [pid, was] of before) {
      const p = stores.products.get(pid);
      compare(p, p, was);
    }
  });

  // Product commits: a product that starts tracking gets its orders counted; the stored lines carry
  // `held then`, so a new quantity needs nothing else here. Restocks by the admin are found by comparing.
  stores.products.subscribe(({ put, removed }) => {
    if (!ready) return;
    const previous = new Map(removed.map((p) => [p.id, p]));
    for (const p of put) {
      const old = previous.get(p.id);
      const was = leftByVariant(old);
      compare(old, p, was);
    }
    for (const p of removed) if (!put.some((q) => q.id === p.id)) held.delete(p.id);
  });

  /**
   * Checks every claim against what is left (committed figures minus units reserved by orders still
   * being written) and reserves them all, or throws out_of_stock naming each short line and reserves
   * nothing. Call inside the orders table's change function; call the returned release once the
   * write has settled (landed or failed).
   */
  function take(claims: readonly StockClaim[]): () => void {
    const short: ShortLine[] = [];
    const wanted = new Map<string, number>();
    const tracked: { pid: number; key: string; qty: number }[] = [];
    for (const c of claims) {
      const p = stores.products.get(c.productId);
      if (!p?.inventory) continue;
      const key = keyOf(c.size, c.color);
      const slot = `${c.productId}\u0000${key}`;
      const before = wanted.get(slot) ?? 0;
      wanted.set(slot, before + c.qty);
      const available = Math.max(
        0,
        (left(p, c.size, c.color) ?? 0) - (reserved.get(p.id)?.get(key) ?? 0) - before,
      );
      if (c.qty > available)
        short.push({
          line: c.line,
          product_id: c.productId,
          size: c.size,
          color: c.color,
          requested: c.qty,
          available,
        });
      else tracked.push({ pid: p.id, key, qty: c.qty });
    }
    if (short.length) throw outOfStock(short);
    for (const t of tracked) bump(reserved, t.pid, t.key, t.qty);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const t of tracked) bump(reserved, t.pid, t.key, -t.qty);
    };
  }

  /**
   * The stored lines for a product whose admin sets `lines` (units left now): each set line records
   * what the orders hold at this moment, counting orders accepted but not landed yet, which are ordered
   * before this change. Lines not set keep their figures; lines of sizes or colours the product no
   * longer has are dropped.
   */
  function set(
    p: { id: number; sizes: readonly string[]; colors: readonly string[] },
    current: readonly StoredInventoryLine[] | undefined,
    lines: readonly { size: string; color: string; quantity: number }[],
    { fresh = false }: { fresh?: boolean } = {},
  ): StoredInventoryLine[] {
    const next = new Map<string, StoredInventoryLine>();
    const sizes = p.sizes.length ? p.sizes : [''];
    const colors = p.colors.length ? p.colors : [''];
    for (const l of current ?? [])
      if (sizes.includes(l.size) && colors.includes(l.color)) next.set(keyOf(l.size, l.color), l);
    if (lines.length === 0) return [...next.values()];
    // A new product has no orders yet: its count starts empty instead of costing a pass over the orders.
    if (fresh) {
      ensure();
      held.set(p.id, new Map());
    }
    const counts = heldOf(p.id);
    const pending = reserved.get(p.id);
    for (const l of lines) {
      const key = keyOf(l.size, l.color);
      next.set(key, {
        size: l.size,
        color: l.color,
        quantity: l.quantity,
        held: (counts.get(key) ?? 0) + (pending?.get(key) ?? 0),
      });
    }
    return [...next.values()];
  }

  return {
    left,
    shown,
    take,
    set,
    /** Exact units left per variant of every size × colour of the product (0 where untracked lines lack). */
    variants(p: StoredProduct): { size: string; color: string; quantity: number | null }[] {
      const sizes = p.sizes.length ? p.sizes : [''];
      const colors = p.colors.length ? p.colors : [''];
      return sizes.flatMap((size) =>
        colors.map((color) => ({ size, color, quantity: p.inventory ? (left(p, size, color) ?? 0) : null })),
      );
    },
    /** Told when a variant goes from nothing left to some (after the write that did it landed). */
    onRestock(listener: (r: Restock) => void): () => void {
      restockListeners.add(listener);
      return () => void restockListeners.delete(listener);
    },
    /** Told when an order changed what a product's public answer shows (so its cached answers go). */
    onShownChange(listener: (productId: number) => void): () => void {
      shownListeners.add(listener);
      return () => void shownListeners.delete(listener);
    },
    /** Counts the orders now (at start, so the first request does not pay for it). */
    warm: ensure,
    variantOf,
  };
}

export type StockLedger = ReturnType<typeof createStockLedger>;
