import { z } from 'zod';
import type { CartLine, ShippingAddress } from '#contract/schemas/cart';
import type { PlaceOrderBody } from '#contract/schemas/order';
import type { User } from '#contract/schemas/user';
import { joinOrderAddress, type CheckoutForm } from '#contract/rules/validation';

/**
 * The checkout form as data: defaults from the saved address and the user, the draft kept across the
 * detour through /login, and the order body the server expects.
 */
export const DRAFT_KEY = 'checkoutDraft';

const draftSchema = z.object({
  name: z.string(),
  address: z.string(),
  street: z.string(),
  city: z.string(),
  country: z.string(),
  province: z.string(),
  phone: z.string(),
  email: z.string(),
  notes: z.string(),
});

/**
 * The address checkout starts from (issue 27): the one last used on this device (the shippingAddress
 * cookie: the cart popup, the last order, a profile save), else the one the signed-in shopper keeps.
 */
export function startAddress(cookie: ShippingAddress, user: User | null): ShippingAddress {
  return Object.values(cookie).some((v) => v.trim()) ? cookie : (user?.saved_address ?? cookie);
}

export function defaultForm(address: ShippingAddress, user: User | null): CheckoutForm {
  return {
    ...startAddress(address, user),
    name: user?.name ?? '',
    phone: user?.phone ?? '',
    email: user?.email ?? '',
    notes: '',
  };
}

/** The form saved before the login detour, or null (missing or unreadable). */
export function readDraft(): CheckoutForm | null {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    const parsed = draftSchema.safeParse(raw ? JSON.parse(raw) : null);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Session storage, not local: the draft holds contact details and should end with the tab. */
export function saveDraft(form: CheckoutForm): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(form));
  } catch {
    // Storage full or blocked: the shopper retypes, nothing breaks.
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // See saveDraft.
  }
}

/** A draft wins, but contact fields it left empty are filled from the user who just signed in. */
export function initialForm(address: ShippingAddress, user: User | null): CheckoutForm {
  const base = defaultForm(address, user);
  const draft = readDraft();
  if (!draft) return base;
  return {
    ...draft,
    name: draft.name || base.name,
    phone: draft.phone || base.phone,
    email: draft.email || base.email,
  };
}

export function addressOf(form: CheckoutForm): ShippingAddress {
  const { address, street, city, country, province } = form;
  return { address, street, city, country, province };
}

export function orderBody(form: CheckoutForm, lines: readonly CartLine[]): PlaceOrderBody {
  const t = (s: string) => s.trim();
  const shipping = {
    name: t(form.name),
    phone: t(form.phone),
    email: t(form.email),
    notes: t(form.notes),
    order_address: joinOrderAddress(form),
    address: t(form.address),
    street: t(form.street),
    city: t(form.city),
    country: t(form.country),
    province: t(form.province),
  };
  return {
    cart: lines.map((l) => ({
      productId: l.productId,
      sizeId: l.sizeId ?? null,
      qty: l.qty,
      price: l.price,
      selectedColor: l.selectedColor,
      selectedSize: l.selectedSize,
    })),
    shipping_address: JSON.stringify(shipping),
    payment_method: 'cod',
  };
}

/** crypto.randomUUID needs a secure context; a LAN http address falls back to getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
