/**
 * What each endpoint does: one handler per name of contract/endpoints.ts. The table is a mapped type
 * over the endpoint names, so each handler receives the parsed input of its own endpoint and must
 * answer that endpoint's response type (or withStatus(status, body) in the same shape).
 */
import type { EndpointName, endpoints, ResponseOf } from '#contract/endpoints';
import type { InputOf } from './input';
import { LOCAL_ADDRESS } from './input';
import type { Principal } from '../ports';
import type { CachedAnswer } from './reply';
import type { Core } from '../core';
import { DomainError } from './errors';
import type { StatusReply, TextStream } from './reply';
import type { TableName } from '../ports';

/** A download endpoint (one with `download` in the table) answers a stream of text the transport sends out. */
type Download<N extends EndpointName> = (typeof endpoints)[N] extends { download: string }
  ? TextStream
  : never;
export type Reply<N extends EndpointName> = ResponseOf<N> | StatusReply<ResponseOf<N>> | Download<N>;

type Handlers = {
  [N in EndpointName]: (core: Core, input: InputOf<N>) => Reply<N> | Promise<Reply<N>>;
};

const me = (i: { principal: Principal | null }): Principal => {
  if (!i.principal) throw new DomainError('unauthorized', 'Please log in');
  return i.principal;
};

/**
 * Reads that must show what another instance just wrote (a shared store): an order placed through one
 * instance is listed by the next request to another. Catalogue reads instead follow the NOTIFY within
 * a second: they are cached and far more frequent. On a store of its own this resolves at once.
 */
const fresh = async <R>(c: Core, tables: readonly TableName[], read: () => R): Promise<Awaited<R>> => {
  const stores = c.deps.stores;
  await Promise.all(tables.map((t) => stores[t].refresh?.()));
  return await read();
};

export const HANDLERS: Handlers = {
  health: () => ({ ok: true }),
  listCategories: (c) => c.categories.list(),
  createCategory: (c, i) => c.categories.create(me(i).user, i.body),
  updateCategory: (c, i) => c.categories.update(me(i).user, i.params.id, i.body),
  deleteCategory: (c, i) => c.categories.remove(me(i).user, i.params.id),
  listProducts: (c, i) => c.products.list(i.query),
  getProduct: (c, i) => c.products.get(i.params.id),
  createProduct: (c, i) => c.products.create(me(i).user, i.body),
  updateProduct: (c, i) => c.products.update(me(i).user, i.params.id, i.body),
  addProductImages: (c, i) => c.products.addImages(me(i).user, i.params.id, i.body.images),
  deleteProduct: (c, i) => c.products.remove(me(i).user, i.params.id),
  placeOrder: (c, i) => c.orders.place(me(i), i.body, i.req.idempotencyKey),
  myOrders: (c, i) => fresh(c, ['orders'], () => c.orders.mine(me(i).user)),
  listOrders: (c, i) => fresh(c, ['orders'], () => c.orders.list(i.query)),
  getOrder: (c, i) => fresh(c, ['orders'], () => c.orders.one(me(i).user, i.params.id)),
  orderItems: (c, i) => fresh(c, ['orders', 'products'], () => c.orders.items(me(i).user, i.params.id)),
  updateOrderStatus: (c, i) => c.orders.updateStatus(me(i).user, i.params.id, i.body.status),
  login: (c, i) => c.auth.login(i.body, i.req.clientAddress ?? LOCAL_ADDRESS),
  register: (c, i) => c.auth.register(i.body),
  logout: (c, i) => c.auth.logout(me(i)),
  me: (_c, i) => me(i).user,
  changePassword: (c, i) => c.auth.changePassword(me(i), i.body),
  updateMe: (c, i) => c.auth.updateProfile(me(i), i.body),
  salesReport: (c, i) => fresh(c, ['orders', 'products'], () => c.reports.sales(i.query)),
  countryPositions: (c) => c.countries.positions(),
  countryStates: (c, i) => c.countries.states(i.body.country),
  searchSuggest: (c, i) => c.products.suggest(i.query.q),
  productStock: (c, i) =>
    c.products.stockOf(i.params.id, (size, color) => c.stockAlerts.waiting(i.params.id, size, color)),
  notifyMe: (c, i) => c.stockAlerts.request(me(i).user.id, i.params.id, i.body),
  myStockRequests: (c, i) => c.stockAlerts.mine(me(i).user.id),
  listNotifications: (c, i) => fresh(c, ['notifications'], () => c.stockAlerts.notifications(me(i).user.id)),
  readNotification: (c, i) => c.stockAlerts.markRead(me(i).user.id, i.params.id),
  getWishlist: (c, i) => fresh(c, ['wishlist'], () => c.wishlist.list(me(i).user.id)),
  putWishlist: (c, i) => c.wishlist.add(me(i).user.id, i.params.id),
  deleteWishlist: (c, i) => c.wishlist.remove(me(i).user.id, i.params.id),
  listActivity: (c, i) => fresh(c, ['products', 'categories', 'orders'], () => c.activity.page(i.query)),
  exportOrders: (c, i) => c.csv.exportOrders(i.query),
  exportProducts: (c) => c.csv.exportProducts(),
  importProducts: (c, i) => c.csv.importProducts(me(i).user, i.body, i.query.dry_run),
  forgotPassword: (c, i) => c.auth.forgotPassword(i.body),
  resetPassword: (c, i) => c.auth.resetPassword(i.body),
  adminMailList: (c, i) => c.mail.list(i.query),
  adminMail: (c, i) => c.mail.get(i.params.id),
  adminMailRetry: (c, i) => c.mail.retry(i.params.id),
};

/** Public catalogue reads answered from the serialised cache, with ETag and 304. */
export const CACHED: { [N in EndpointName]?: (core: Core, input: InputOf<N>) => CachedAnswer } = {
  listCategories: (c) => c.categories.listAnswer(),
  listProducts: (c, i) => c.products.listAnswer(i.query),
  getProduct: (c, i) => c.products.getAnswer(i.params.id),
};
