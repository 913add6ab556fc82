/**
 * Which paths are pages, and of what kind. The client's route table (web/src/app/routes.tsx) is the
 * source: the four shop pages are rendered with their own head; every other screen of the app answers
 * 200 with the shell marked noindex (its content is per visitor); anything else is the spec's "unknown
 * path redirects to /", now answered by the server. react-router matches a path with or without one
 * trailing slash, so both are pages here too.
 */
export type PageRoute =
  | { kind: 'home' }
  | { kind: 'listing' }
  | { kind: 'product'; id: number | null }
  | { kind: 'privacy' }
  | { kind: 'client' };

/** Screens of the app that are not rendered on the server (exact paths). */
const CLIENT_PATHS = new Set([
  'cart',
  'checkout',
  'login',
  'register',
  'forgot-password',
  'reset-password',
  'profile',
  'wishlist',
  'orders',
  'admin',
]);
/** Screens with one parameter segment: /order-success/:orderId, /order-saved/:key, /orders/:id. */
const CLIENT_WITH_PARAM = new Set(['order-success', 'order-saved', 'orders']);
/** Id-like segments only: anything longer cannot be a product and is answered as not found. */
const PRODUCT_ID = /^[1-9]\d{0,14}$/;

/** null: not a page of the app (the caller redirects it to /). */
export function pageRouteOf(path: string): PageRoute | null {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (trimmed === '/') return { kind: 'home' };
  const parts = trimmed.slice(1).split('/');
  const [first = '', second] = parts;
  if (parts.length === 1) {
    if (first === 'products') return { kind: 'listing' };
    if (first === 'privacy-policy') return { kind: 'privacy' };
    if (CLIENT_PATHS.has(first)) return { kind: 'client' };
    return null;
  }
  // The admin area routes below itself (admin/*).
  if (first === 'admin') return { kind: 'client' };
  if (parts.length !== 2 || !second) return null;
  if (first === 'product') return { kind: 'product', id: PRODUCT_ID.test(second) ? Number(second) : null };
  if (CLIENT_WITH_PARAM.has(first)) return { kind: 'client' };
  return null;
}
