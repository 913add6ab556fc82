/**
 * The contract suite's client: calls an endpoint by name against a target (the Koa app over real
 * HTTP, or MSW) and checks every answer against the contract, the success schema for the endpoint's
 * status and errorBodySchema for anything else.
 */
import { expect } from 'vitest';
import type { EndpointName } from '#contract/endpoints';
import { API_BASE, buildPath, endpoints } from '#contract/endpoints';
import { errorBodySchema } from '#contract/schemas/errors';

export interface ContractTarget {
  /** e.g. http://127.0.0.1:41234 or http://localhost (MSW) */
  baseUrl: string;
  admin: { email: string; password: string };
  /** Two seeded shopper accounts (server/test/tiny-seed.ts), for suites that need accounts of their own. */
  shoppers?: readonly { email: string; password: string }[];
}

export interface CallOptions {
  params?: Record<string, string | number>;
  /** A list is sent as a repeated parameter (`size=M&size=L`). */
  query?: Record<string, string | number | ReadonlyArray<string>>;
  body?: unknown;
  /** A raw body string, sent as is (malformed JSON tests). */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = unknown> {
  status: number;
  body: T;
}

export function createClient(target: () => ContractTarget) {
  // Answers are checked against the contract at run time; tests then read them freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function call<T = any>(name: EndpointName, opts: CallOptions = {}): Promise<CallResult<T>> {
    const ep = endpoints[name];
    const url = new URL(`${target().baseUrl}${API_BASE}${buildPath(ep.path, opts.params)}`);
    for (const [k, v] of Object.entries(opts.query ?? {}))
      if (Array.isArray(v)) for (const one of v as string[]) url.searchParams.append(k, one);
      else url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    const canHaveBody = ep.method !== 'GET' && ep.method !== 'DELETE';
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined && canHaveBody) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, { method: ep.method, headers, body });
    const json: unknown = await res.json();
    if (res.status === ep.status) {
      const parsed = ep.response.safeParse(json);
      expect(
        parsed.success,
        `${name} ${res.status} answer matches the contract: ${JSON.stringify(json).slice(0, 300)}`,
      ).toBe(true);
    } else if (name === 'countryStates' && res.status === 404) {
      expect(ep.response.safeParse(json).success).toBe(true);
    } else {
      const parsed = errorBodySchema.safeParse(json);
      expect(
        parsed.success,
        `${name} ${res.status} error body matches the contract: ${JSON.stringify(json).slice(0, 300)}`,
      ).toBe(true);
    }
    return { status: res.status, body: json as T };
  }

  /** Just the status of a call (the answer is still checked against the contract). */
  async function status(name: EndpointName, opts: CallOptions = {}): Promise<number> {
    return (await call(name, opts)).status;
  }

  let n = 0;
  /** A fresh shopper account (unique e-mail per call) and its token. */
  async function newShopper(): Promise<{ token: string; id: number; email: string; password: string }> {
    // Random too: two clients (two instances' tests) count from 1 each and can ask in the same millisecond.
    const email = `shopper-${Date.now()}-${++n}-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const password = 'secret-pass';
    const r = await call('register', {
      body: { name: 'Test Shopper', email, password, phone: '5550101234' },
    });
    expect(r.status).toBe(201);
    return { token: r.body.token, id: r.body.user.id, email, password };
  }

  async function adminToken(): Promise<string> {
    const r = await call('login', { body: target().admin });
    expect(r.status).toBe(200);
    return r.body.token as string;
  }

  /** The i-th seeded shopper, signed in; falls back to a new account where the target seeds none. */
  async function seededShopper(i: number): Promise<{ token: string; id: number }> {
    const creds = target().shoppers?.[i];
    if (!creds) return newShopper();
    const r = await call('login', { body: creds });
    expect(r.status).toBe(200);
    return { token: r.body.token as string, id: r.body.user.id as number };
  }

  /** Places `cart` for `token` (the test address, cash on delivery), expects a 201: the new order's id. */
  async function placeOrder(token: string, cart: unknown[]): Promise<number> {
    const r = await call('placeOrder', {
      token,
      body: { cart, shipping_address: SHIPPING, payment_method: 'cod' },
    });
    expect(r.status).toBe(201);
    return r.body.orderId as number;
  }

  /** A plain fetch under /api, for header-level checks (ETag, 304) that have no JSON body to parse. */
  function raw(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${target().baseUrl}${API_BASE}${path}`, init);
  }

  return { call, status, newShopper, seededShopper, adminToken, placeOrder, raw };
}

export type ContractClient = ReturnType<typeof createClient>;

/** 1x1 transparent PNG. */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
export const SVG_DATA_URL = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')}`;

/** A product form the stock suites create from: a 20.00 tee in S and M, red, no sale; `over` sets the rest. */
export const teeForm = (over: Record<string, unknown>) => ({
  description: '',
  sku: '',
  category: '',
  image: PNG_DATA_URL,
  sale_price: null,
  regular_price: 20,
  sizes: ['S', 'M'],
  colors: ['red'],
  ...over,
});

/** A valid PNG header followed by padding: `bytes` long once decoded. */
export function bigPngDataUrl(bytes: number): string {
  const head = atob(PNG_DATA_URL.split(',')[1] ?? '');
  return `data:image/png;base64,${btoa(head + 'A'.repeat(bytes - head.length))}`;
}

/** The test shopper's address, in the fields a profile saves and a checkout's shipping JSON carries. */
export const ADDRESS = {
  address: 'Flat 2',
  street: '1 Main St',
  city: 'Springfield',
  country: 'USA',
  province: 'IL',
};

export const SHIPPING = JSON.stringify({
  name: 'Test Shopper',
  phone: '5550101234',
  email: 'test@example.test',
  notes: 'Ring twice',
  order_address: 'Flat 2, 1 Main St, Springfield, USA, IL',
  ...ADDRESS,
});
