/**
 * Method and path of every call, and nothing else: no zod, so the web app's first load can send requests
 * with it while the schemas that check the answers (endpoints.ts, built on this table) load in their own chunk.
 */
export const API_BASE = '/api';

export const ROUTES = {
  health: { method: 'GET', path: '/health' },
  listCategories: { method: 'GET', path: '/categories' },
  createCategory: { method: 'POST', path: '/categories' },
  updateCategory: { method: 'PUT', path: '/categories/:id' },
  deleteCategory: { method: 'DELETE', path: '/categories/:id' },
  listProducts: { method: 'GET', path: '/products' },
  getProduct: { method: 'GET', path: '/products/:id' },
  createProduct: { method: 'POST', path: '/products' },
  updateProduct: { method: 'PUT', path: '/products/:id' },
  addProductImages: { method: 'POST', path: '/products/:id/images' },
  deleteProduct: { method: 'DELETE', path: '/products/:id' },
  placeOrder: { method: 'POST', path: '/orders' },
  myOrders: { method: 'GET', path: '/orders/my' },
  listOrders: { method: 'GET', path: '/orders' },
  getOrder: { method: 'GET', path: '/orders/:id' },
  orderItems: { method: 'GET', path: '/orders/:id/items' },
  updateOrderStatus: { method: 'PUT', path: '/orders/:id/status' },
  login: { method: 'POST', path: '/auth/login' },
  register: { method: 'POST', path: '/auth/register' },
  logout: { method: 'POST', path: '/auth/logout' },
  me: { method: 'GET', path: '/auth/me' },
  changePassword: { method: 'PUT', path: '/auth/password' },
  // Ours (issue 27): the caller's own name, phone and saved shipping address.
  updateMe: { method: 'PUT', path: '/auth/me' },
  salesReport: { method: 'GET', path: '/admin/sales-report' },
  countryPositions: { method: 'GET', path: '/v0.1/countries/positions' },
  countryStates: { method: 'POST', path: '/v0.1/countries/states' },
  // Ours (issue 14): stock, back-in-stock requests and notifications, the wishlist.
  productStock: { method: 'GET', path: '/products/:id/stock' },
  notifyMe: { method: 'POST', path: '/products/:id/notify' },
  myStockRequests: { method: 'GET', path: '/notify-requests' },
  listNotifications: { method: 'GET', path: '/notifications' },
  readNotification: { method: 'POST', path: '/notifications/:id/read' },
  getWishlist: { method: 'GET', path: '/wishlist' },
  putWishlist: { method: 'PUT', path: '/wishlist/:id' },
  deleteWishlist: { method: 'DELETE', path: '/wishlist/:id' },
  // Ours (issue 15): the activity log, and spreadsheets out and in.
  listActivity: { method: 'GET', path: '/admin/activity' },
  exportOrders: { method: 'GET', path: '/admin/export/orders.csv' },
  exportProducts: { method: 'GET', path: '/admin/export/products.csv' },
  importProducts: { method: 'POST', path: '/admin/import/products' },
  // Ours (issue 26): account recovery and the mailbox.
  forgotPassword: { method: 'POST', path: '/auth/forgot-password' },
  resetPassword: { method: 'POST', path: '/auth/reset-password' },
  adminMailList: { method: 'GET', path: '/admin/mail' },
  adminMail: { method: 'GET', path: '/admin/mail/:id' },
  adminMailRetry: { method: 'POST', path: '/admin/mail/:id/retry' },
  // Ours (issue 29): the search box's suggestions.
  searchSuggest: { method: 'GET', path: '/search/suggest' },
} as const;

export type RouteName = keyof typeof ROUTES;

/** Fill `:id` style parameters into a path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([a-zA-Z]+)/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')));
}
