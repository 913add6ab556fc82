/**
 * The transport-free API: one `handle(name, request)` per endpoint of contract/endpoints.ts. Koa and
 * MSW both only collect the raw request, call this and write the reply, so access rules, input parsing
 * and answers cannot drift between the real server and the mock.
 */
import type { z } from 'zod';
import type { Endpoint, EndpointName } from '../../contract/endpoints';
import { endpoints } from '../../contract/endpoints';
import type { CatalogQuery } from '../../contract/rules/catalog-query';
import { ERROR_STATUS } from '../../contract/schemas/errors';
import type { CreateCategoryBody, UpdateCategoryBody } from '../../contract/schemas/category';
import type { OrderStatus } from '../../contract/schemas/order';
import type { ProductForm } from '../../contract/schemas/product';
import type { ChangePasswordBody, LoginBody, RegisterBody } from '../../contract/schemas/user';
import type { Principal } from './auth';
import type { Core } from './core';
import type { CachedAnswer } from './catalog-cache';
import { DomainError, validationFailed } from './errors';
import { etagMatches } from './etag';
import type { PlaceOrderInput } from '../../contract/schemas/order';
import { createRateLimiter, noRateLimits } from './rate-limiter';

export interface ApiRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /**
   * Reads the body (the transport applies the endpoint's size limit and the JSON rules). Called only
   * after the access check and the rate limits passed, so an anonymous caller cannot make the server
   * read a large body.
   */
  readBody?: () => Promise<unknown>;
  /** The bearer token, without the "Bearer " prefix. */
  token?: string;
  idempotencyKey?: string;
  /** The If-None-Match header, for the cached catalogue reads. */
  ifNoneMatch?: string;
  /** The caller's address (the socket's, or X-Forwarded-For behind a trusted proxy), for rate limits. */
  clientAddress?: string;
}

export interface ApiReply {
  status: number;
  body: unknown;
  /** Cached catalogue reads: the body already serialised, and its ETag (status 304: no body). */
  text?: string;
  etag?: string;
  /** Extra headers, e.g. Retry-After on a 429. */
  headers?: Record<string, string>;
  /** Cached catalogue reads: the catalogue version the answer was made at (a later one makes it stale). */
  version?: number;
}

export interface ApiOptions {
  /** false: `RATE_LIMITS=off`, for load tests (every other protection stays on). */
  rateLimits?: boolean;
}

interface Input {
  params: { id: number };
  query: unknown;
  body: unknown;
  principal: Principal | null;
  req: ApiRequest;
}

/** zod issues -> { 'cart.0.qty': 'Too big...' }; the first message doubles as the error message. */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

function parse(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const r = schema.safeParse(value);
  if (!r.success) throw validationFailed(zodFields(r.error));
  return r.data;
}

const me = (i: Input): Principal => {
  if (!i.principal) throw new DomainError('unauthorized', 'Please log in');
  return i.principal;
};

type Handler = (core: Core, i: Input) => unknown;

const HANDLERS: Record<EndpointName, Handler> = {
  health: () => ({ ok: true }),
  listCategories: (c) => c.categories.list(),
  createCategory: (c, i) => c.categories.create(i.body as CreateCategoryBody),
  updateCategory: (c, i) => c.categories.update(i.params.id, i.body as UpdateCategoryBody),
  deleteCategory: (c, i) => c.categories.remove(i.params.id),
  listProducts: (c, i) => c.products.list(i.query as CatalogQuery),
  getProduct: (c, i) => c.products.get(i.params.id),
  createProduct: (c, i) => c.products.create(i.body as ProductForm),
  updateProduct: (c, i) => c.products.update(i.params.id, i.body as ProductForm),
  addProductImages: (c, i) => c.products.addImages(i.params.id, (i.body as { images: string[] }).images),
  deleteProduct: (c, i) => c.products.remove(i.params.id),
  placeOrder: (c, i) => c.orders.place(me(i), i.body as PlaceOrderInput, i.req.idempotencyKey),
  myOrders: (c, i) => c.orders.mine(me(i).user),
  listOrders: (c) => c.orders.all(),
  orderItems: (c, i) => c.orders.items(me(i).user, i.params.id),
  updateOrderStatus: (c, i) =>
    c.orders.updateStatus(me(i).user, i.params.id, (i.body as { status: OrderStatus }).status),
  login: (c, i) => c.auth.login(i.body as LoginBody, i.req.clientAddress ?? LOCAL_ADDRESS),
  register: (c, i) => c.auth.register(i.body as RegisterBody),
  logout: (c, i) => c.auth.logout(me(i)),
  me: (_c, i) => me(i).user,
  changePassword: (c, i) => c.auth.changePassword(me(i), i.body as ChangePasswordBody),
  salesReport: (c) => c.reports.sales(),
  countryPositions: (c) => c.countries.positions(),
  countryStates: (c, i) => c.countries.states((i.body as { country: string }).country),
};

/** Public catalogue reads answered from the serialised cache, with ETag and 304. */
const CACHED: Partial<Record<EndpointName, (core: Core, i: Input) => CachedAnswer>> = {
  listCategories: (c) => c.categories.listAnswer(),
  listProducts: (c, i) => c.products.listAnswer(i.query as CatalogQuery),
  getProduct: (c, i) => c.products.getAnswer(i.params.id),
};

/** 401 without a valid session, 403 for a shopper on an admin call. */
export function authorize(access: Endpoint['access'], principal: Principal | null): void {
  if (access === 'public') return;
  if (!principal) throw new DomainError('unauthorized', 'Please log in');
  if (access === 'admin' && principal.user.is_admin !== 1)
    throw new DomainError('forbidden', 'Administrators only');
}

function cachedReply(endpoint: Endpoint, req: ApiRequest, a: CachedAnswer): ApiReply {
  if (etagMatches(req.ifNoneMatch, a.etag)) return { status: 304, body: undefined, etag: a.etag };
  return { status: endpoint.status, body: a.body, text: a.text, etag: a.etag };
}

/** The address of a caller whose transport knows none (MSW in the browser or in tests). */
export const LOCAL_ADDRESS = 'local';

export function createApi(core: Core, options: ApiOptions = {}) {
  const limiter = options.rateLimits === false ? noRateLimits : createRateLimiter(core.deps.clock);
  return {
    /** Moves on with every product or category write: answers cached outside the core key on it. */
    catalogVersion: (): number => core.catalog.version(),

    async handle(name: EndpointName, req: ApiRequest): Promise<ApiReply> {
      const endpoint: Endpoint = endpoints[name];
      // Public calls never look at the caller, so a shopper's token costs them no session lookup.
      const principal = endpoint.access === 'public' ? null : await core.auth.authenticate(req.token);
      // Access first: a shopper probing an admin call learns nothing about its input rules.
      authorize(endpoint.access, principal);
      // Then the budgets, before any body is read or any work is done.
      limiter.take(name, endpoint, {
        address: req.clientAddress ?? LOCAL_ADDRESS,
        account: principal?.user.id ?? null,
      });
      const params = (parse(endpoint.params, req.params ?? {}) ?? { id: 0 }) as { id: number };
      const query = parse(endpoint.query, req.query ?? {});
      const body = endpoint.body ? parse(endpoint.body, (await req.readBody?.()) ?? {}) : undefined;
      const input: Input = { params, query, body, principal, req };
      // Cached reads are keyed by the parsed query (catalog-cache.ts), never by the raw request:
      // parameters the schema drops cannot make new entries.
      const cached = CACHED[name]?.(core, input);
      // Read in the same synchronous step as the answer: no write can land in between.
      if (cached) return { ...cachedReply(endpoint, req, cached), version: core.catalog.version() };
      const result = await HANDLERS[name](core, input);
      // The countries service answers in its own shape with its own status (404 for an unknown country).
      if (name === 'countryStates') return result as ApiReply;
      return { status: endpoint.status, body: result };
    },
  };
}

export type Api = ReturnType<typeof createApi>;

/** The reply for any failure: a DomainError's code and status, otherwise an opaque 500. */
export function errorReply(error: unknown): ApiReply {
  if (error instanceof DomainError) {
    return {
      status: ERROR_STATUS[error.code],
      body: { message: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) },
      ...(error.retryAfterSeconds ? { headers: { 'Retry-After': String(error.retryAfterSeconds) } } : {}),
    };
  }
  return { status: 500, body: { message: 'Something went wrong', code: 'internal' } };
}
