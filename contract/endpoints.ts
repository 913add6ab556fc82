import { ROUTES } from './routes';
import { z } from 'zod';
import {
  categoryListSchema,
  categorySchema,
  createCategoryBodySchema,
  idSchema,
  updateCategoryBodySchema,
} from './schemas/category';
import {
  countryPositionsResponseSchema,
  countryStatesBodySchema,
  countryStatesResponseSchema,
} from './schemas/countries';
import {
  orderItemViewSchema,
  orderSchema,
  placeOrderBodySchema,
  placeOrderResponseSchema,
  updateOrderStatusBodySchema,
} from './schemas/order';
import {
  okSchema,
  productFormBodySchema,
  productImagesBodySchema,
  productListResponseSchema,
  productSchema,
} from './schemas/product';
import { orderListQuerySchema, orderListResponseSchema } from './schemas/order-list';
import { salesReportQuerySchema, salesReportResponseSchema } from './schemas/report';
import {
  authResponseSchema,
  changePasswordBodySchema,
  loginBodySchema,
  messageSchema,
  registerBodySchema,
  updateProfileBodySchema,
  userSchema,
} from './schemas/user';
import { catalogQuerySchema } from './rules/catalog-query';
import {
  notificationListSchema,
  notificationSchema,
  notifyBodySchema,
  productStockSchema,
  stockRequestListSchema,
} from './schemas/stock';
import { wishlistSchema } from './schemas/wishlist';
import { activityPageSchema, activityQuerySchema } from './schemas/activity';
import { csvTextSchema, importQuerySchema, importResultSchema } from './schemas/csv';
import { LIMITS } from './limits';
import { suggestionsSchema, suggestQuerySchema } from './schemas/search';
import {
  forgotPasswordBodySchema,
  mailDetailSchema,
  mailListQuerySchema,
  mailListSchema,
  mailSummarySchema,
  resetPasswordBodySchema,
} from './schemas/mail';

/**
 * Every call of spec section 7 (plus health and logout), described once. The Koa routes and the MSW
 * handlers are both built from this table, and the API client parses answers with the same schemas.
 * Paths are relative to the API base `/api`; `:id` marks a path parameter.
 */
export type Access = 'public' | 'user' | 'admin';

/** A request budget: at most `max` calls per `windowMs`, counted per client address or per account. */
export interface RateLimit {
  per: 'address' | 'account';
  max: number;
  windowMs: number;
}

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Largest body read, in bytes (routes with a body); read only after the access check passed. */
  bodyLimit?: number;
  /** `csv`: the body is text/csv, handed to the core as text (the body schema is then a string). */
  bodyType?: 'json' | 'csv';
  /** `csv`: the answer is a text/csv download of this name, streamed (the response schema is a string). */
  download?: string;
  /** Budgets no real shopper reaches; `RATE_LIMITS=off` lifts them for load tests. */
  rateLimits?: readonly RateLimit[];
  response: z.ZodType;
  status: number;
}

const KB = 1024;
/** Body limits: small for auth, an order's worth for orders, one image for forms, a gallery for uploads. */
export const BODY_LIMITS = {
  small: 16 * KB,
  order: 64 * KB,
  form: LIMITS.dataUrl + 64 * KB,
  gallery: LIMITS.imagesPerUpload * LIMITS.dataUrl + 64 * KB,
  /** A products CSV: its most rows with room for long descriptions. */
  csv: 8 * 1024 * KB,
} as const;

const MINUTE = 60_000;
export const RATE_LIMITS = {
  register: [{ per: 'address', max: 20, windowMs: MINUTE }],
  placeOrder: [{ per: 'account', max: 30, windowMs: MINUTE }],
  changePassword: [{ per: 'account', max: 10, windowMs: MINUTE }],
  updateMe: [{ per: 'account', max: 30, windowMs: MINUTE }],
  notifyMe: [{ per: 'account', max: 60, windowMs: MINUTE }],
  wishlist: [{ per: 'account', max: 240, windowMs: MINUTE }],
  /** Parsing a file of up to 8 MB holds the process for a moment: a few a minute is plenty. */
  importProducts: [{ per: 'account', max: 20, windowMs: MINUTE }],
  /** Issue 26: 10 an hour per client address (the core also caps reset mails at 3 an hour per account). */
  forgotPassword: [{ per: 'address', max: 10, windowMs: 60 * MINUTE }],
  /** A token is 256 bits, so guessing is hopeless; the budget only keeps hashing of new passwords bounded. */
  resetPassword: [{ per: 'address', max: 20, windowMs: MINUTE }],
  adminMailRetry: [{ per: 'account', max: 60, windowMs: MINUTE }],
  /** Issue 29: a request per key typed; 600 a minute per client address is ten a second, far above typing. */
  searchSuggest: [{ per: 'address', max: 600, windowMs: MINUTE }],
} as const satisfies Record<string, readonly RateLimit[]>;

const idParams = z.object({ id: z.coerce.number().int().positive() });
const emptyQuery = z.object({});

export const endpoints = {
  health: { ...ROUTES.health, access: 'public', response: z.object({ ok: z.literal(true) }), status: 200 },
  listCategories: { ...ROUTES.listCategories, access: 'public', response: categoryListSchema, status: 200 },
  createCategory: {
    ...ROUTES.createCategory,
    access: 'admin',
    body: createCategoryBodySchema,
    bodyLimit: BODY_LIMITS.form,
    response: categorySchema,
    status: 201,
  },
  updateCategory: {
    ...ROUTES.updateCategory,
    access: 'admin',
    params: idParams,
    body: updateCategoryBodySchema,
    bodyLimit: BODY_LIMITS.form,
    response: categorySchema,
    status: 200,
  },
  deleteCategory: {
    ...ROUTES.deleteCategory,
    access: 'admin',
    params: idParams,
    response: okSchema,
    status: 200,
  },
  listProducts: {
    ...ROUTES.listProducts,
    access: 'public',
    query: catalogQuerySchema,
    response: productListResponseSchema,
    status: 200,
  },
  getProduct: {
    ...ROUTES.getProduct,
    access: 'public',
    params: idParams,
    response: productSchema,
    status: 200,
  },
  createProduct: {
    ...ROUTES.createProduct,
    access: 'admin',
    body: productFormBodySchema,
    bodyLimit: BODY_LIMITS.form,
    response: productSchema.extend({ id: idSchema }),
    status: 201,
  },
  updateProduct: {
    ...ROUTES.updateProduct,
    access: 'admin',
    params: idParams,
    body: productFormBodySchema,
    bodyLimit: BODY_LIMITS.form,
    response: productSchema,
    status: 200,
  },
  addProductImages: {
    ...ROUTES.addProductImages,
    access: 'admin',
    params: idParams,
    body: productImagesBodySchema,
    bodyLimit: BODY_LIMITS.gallery,
    response: productSchema,
    status: 201,
  },
  deleteProduct: {
    ...ROUTES.deleteProduct,
    access: 'admin',
    params: idParams,
    response: okSchema,
    status: 200,
  },
  placeOrder: {
    ...ROUTES.placeOrder,
    access: 'user',
    body: placeOrderBodySchema,
    bodyLimit: BODY_LIMITS.order,
    rateLimits: RATE_LIMITS.placeOrder,
    response: placeOrderResponseSchema,
    status: 201,
  },
  myOrders: { ...ROUTES.myOrders, access: 'user', response: z.array(orderSchema), status: 200 },
  listOrders: {
    ...ROUTES.listOrders,
    access: 'admin',
    query: orderListQuerySchema,
    response: orderListResponseSchema,
    status: 200,
  },
  getOrder: { ...ROUTES.getOrder, access: 'user', params: idParams, response: orderSchema, status: 200 },
  orderItems: {
    ...ROUTES.orderItems,
    access: 'user',
    params: idParams,
    response: z.array(orderItemViewSchema),
    status: 200,
  },
  updateOrderStatus: {
    ...ROUTES.updateOrderStatus,
    access: 'admin',
    params: idParams,
    body: updateOrderStatusBodySchema,
    bodyLimit: BODY_LIMITS.small,
    response: orderSchema,
    status: 200,
  },
  login: {
    ...ROUTES.login,
    access: 'public',
    body: loginBodySchema,
    bodyLimit: BODY_LIMITS.small,
    response: authResponseSchema,
    status: 200,
  },
  register: {
    ...ROUTES.register,
    access: 'public',
    body: registerBodySchema,
    bodyLimit: BODY_LIMITS.small,
    rateLimits: RATE_LIMITS.register,
    response: authResponseSchema,
    status: 201,
  },
  logout: { ...ROUTES.logout, access: 'user', response: okSchema, status: 200 },
  me: { ...ROUTES.me, access: 'user', response: userSchema, status: 200 },
  changePassword: {
    ...ROUTES.changePassword,
    access: 'user',
    body: changePasswordBodySchema,
    bodyLimit: BODY_LIMITS.small,
    rateLimits: RATE_LIMITS.changePassword,
    response: messageSchema,
    status: 200,
  },
  updateMe: {
    ...ROUTES.updateMe,
    access: 'user',
    body: updateProfileBodySchema,
    bodyLimit: BODY_LIMITS.small,
    rateLimits: RATE_LIMITS.updateMe,
    response: userSchema,
    status: 200,
  },
  salesReport: {
    ...ROUTES.salesReport,
    access: 'admin',
    query: salesReportQuerySchema,
    response: salesReportResponseSchema,
    status: 200,
  },
  countryPositions: {
    ...ROUTES.countryPositions,
    access: 'public',
    query: emptyQuery,
    response: countryPositionsResponseSchema,
    status: 200,
  },
  countryStates: {
    ...ROUTES.countryStates,
    access: 'public',
    body: countryStatesBodySchema,
    bodyLimit: BODY_LIMITS.small,
    response: countryStatesResponseSchema,
    status: 200,
  },
  productStock: {
    ...ROUTES.productStock,
    access: 'admin',
    params: idParams,
    response: productStockSchema,
    status: 200,
  },
  notifyMe: {
    ...ROUTES.notifyMe,
    access: 'user',
    params: idParams,
    body: notifyBodySchema,
    bodyLimit: BODY_LIMITS.small,
    rateLimits: RATE_LIMITS.notifyMe,
    response: okSchema,
    status: 200,
  },
  myStockRequests: {
    ...ROUTES.myStockRequests,
    access: 'user',
    response: stockRequestListSchema,
    status: 200,
  },
  listNotifications: {
    ...ROUTES.listNotifications,
    access: 'user',
    response: notificationListSchema,
    status: 200,
  },
  readNotification: {
    ...ROUTES.readNotification,
    access: 'user',
    params: idParams,
    response: notificationSchema,
    status: 200,
  },
  getWishlist: { ...ROUTES.getWishlist, access: 'user', response: wishlistSchema, status: 200 },
  putWishlist: {
    ...ROUTES.putWishlist,
    access: 'user',
    params: idParams,
    rateLimits: RATE_LIMITS.wishlist,
    response: okSchema,
    status: 200,
  },
  deleteWishlist: {
    ...ROUTES.deleteWishlist,
    access: 'user',
    params: idParams,
    rateLimits: RATE_LIMITS.wishlist,
    response: okSchema,
    status: 200,
  },
  listActivity: {
    ...ROUTES.listActivity,
    access: 'admin',
    query: activityQuerySchema,
    response: activityPageSchema,
    status: 200,
  },
  exportOrders: {
    ...ROUTES.exportOrders,
    access: 'admin',
    query: salesReportQuerySchema,
    download: 'orders.csv',
    response: csvTextSchema,
    status: 200,
  },
  exportProducts: {
    ...ROUTES.exportProducts,
    access: 'admin',
    query: emptyQuery,
    download: 'products.csv',
    response: csvTextSchema,
    status: 200,
  },
  importProducts: {
    ...ROUTES.importProducts,
    access: 'admin',
    query: importQuerySchema,
    body: z.string().max(BODY_LIMITS.csv),
    bodyType: 'csv',
    bodyLimit: BODY_LIMITS.csv,
    rateLimits: RATE_LIMITS.importProducts,
    response: importResultSchema,
    status: 200,
  },
  forgotPassword: {
    ...ROUTES.forgotPassword,
    access: 'public',
    body: forgotPasswordBodySchema,
    bodyLimit: BODY_LIMITS.small,
    rateLimits: RATE_LIMITS.forgotPassword,
    response: messageSchema,
    status: 202,
  },
  resetPassword: {
    ...ROUTES.resetPassword,
    access: 'public',
    body: resetPasswordBodySchema,
    bodyLimit: BODY_LIMITS.small,
    rateLimits: RATE_LIMITS.resetPassword,
    response: messageSchema,
    status: 200,
  },
  adminMailList: {
    ...ROUTES.adminMailList,
    access: 'admin',
    query: mailListQuerySchema,
    response: mailListSchema,
    status: 200,
  },
  adminMail: {
    ...ROUTES.adminMail,
    access: 'admin',
    params: idParams,
    response: mailDetailSchema,
    status: 200,
  },
  adminMailRetry: {
    ...ROUTES.adminMailRetry,
    access: 'admin',
    params: idParams,
    rateLimits: RATE_LIMITS.adminMailRetry,
    response: mailSummarySchema,
    status: 200,
  },
  searchSuggest: {
    ...ROUTES.searchSuggest,
    access: 'public',
    query: suggestQuerySchema,
    rateLimits: RATE_LIMITS.searchSuggest,
    response: suggestionsSchema,
    status: 200,
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
export type ResponseOf<N extends EndpointName> = z.output<(typeof endpoints)[N]['response']>;

// The zod-free half of the contract, re-exported so callers keep one import.
export { API_BASE, buildPath } from './routes';
