import type { z } from 'zod';
import type { Endpoint, EndpointName, endpoints } from '#contract/endpoints';
import type { ErrorBody } from '#contract/schemas/errors';
import { API_BASE, buildPath, ROUTES } from '#contract/routes';
import type * as ApiSchemas from './api-schemas';
import { nextTask } from './next-task';
import { reportFetchFailure, reportFetchSuccess } from './network-status';

/**
 * The only place that calls fetch for our API. It adds the bearer token, parses answers with the
 * contract and turns failures into ApiError carrying the server's message (spec section 8 alerts show it).
 * The schemas (and zod) are a chunk of their own, fetched alongside the first request: out of the first load.
 * Two kinds of call are not JSON (issue 15): a `download` endpoint answers a CSV file, handed over as its text,
 * and a `bodyType: 'csv'` endpoint takes its body as text/csv.
 */
export const TOKEN_KEY = 'token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(body?.message ?? `Request failed (${status})`);
    this.name = 'ApiError';
  }
  /** The server's message when it sent one (for "alert the server's message or X"). */
  get serverMessage(): string | null {
    return this.body?.message ?? null;
  }
}

type EP = typeof endpoints;
export type ApiInput<N extends EndpointName> = Input<N>;
type Input<N extends EndpointName> = {
  params?: Record<string, string | number>;
  /** A list is sent as a repeated parameter (`size=M&size=L`). */
  query?: Record<string, string | number | readonly string[] | undefined | null>;
  body?: EP[N] extends { body: z.ZodType } ? z.input<EP[N]['body']> : never;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send with this token instead of the signed-in one (a saved order goes with its own account's token). */
  token?: string | null;
};

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function queryString(query: Input<EndpointName>['query']): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (Array.isArray(v)) for (const one of v as readonly string[]) qs.append(k, one);
    else if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `?${s}` : '';
}

let schemas: Promise<typeof ApiSchemas> | undefined;

/**
 * The contract's response schemas, loaded once (a failed load is retried on the next call). zod is a chunk of
 * its own, evaluated first, and the schemas are built on it in later tasks (two halves, then the endpoint
 * table): on the page's main thread they were one task of 80-100 ms (issue 29: no task over 50 ms while the
 * catalogue is copied; issue 28: each long task adds to Lighthouse's blocking time).
 */
export function loadApiSchemas(): Promise<typeof ApiSchemas> {
  schemas ??= import('./zod-warm')
    .then(nextTask)
    .then(() => import('./schemas-warm-a'))
    .then(nextTask)
    .then(() => import('./schemas-warm-b'))
    .then(nextTask)
    .then(() => import('./api-schemas'))
    .catch((err: unknown) => {
      schemas = undefined;
      throw err;
    });
  return schemas;
}

export function apiUrl(
  name: EndpointName,
  params?: Record<string, string | number>,
  query?: Input<EndpointName>['query'],
): string {
  const ep = ROUTES[name];
  const base = ep.path.startsWith('/v0.1/countries') && __COUNTRIES_BASE__ ? __COUNTRIES_BASE__ : API_BASE;
  return `${base}${buildPath(ep.path, params)}${queryString(query)}`;
}

/** A JSON answer, or null when the body is empty or not JSON (the schema then says what was wrong). */
function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

export async function api<N extends EndpointName>(
  name: N,
  input: Input<N> = {},
): Promise<z.output<EP[N]['response']>> {
  const ep = ROUTES[name];
  const ready = loadApiSchemas(); // in parallel with the request; awaited before the answer is used
  ready.catch(() => undefined);
  const headers: Record<string, string> = { Accept: 'application/json', ...input.headers };
  const token = input.token !== undefined ? input.token : readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (typeof input.body === 'string') {
    // Only a text body needs the endpoint table before it goes (is it a CSV file?); JSON calls go at once.
    const target: Endpoint = (await ready).endpoints[name];
    const csv = target.bodyType === 'csv';
    headers['Content-Type'] = csv ? 'text/csv' : 'application/json';
    body = csv ? input.body : JSON.stringify(input.body);
  } else if (input.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(input.body);
  }
  let res: Response;
  try {
    res = await fetch(apiUrl(name, input.params, input.query), {
      method: ep.method,
      headers,
      body,
      signal: input.signal,
    });
  } catch (err) {
    // A rejected fetch (not an abort) means no network: the offline banner shows even if navigator.onLine says yes.
    if (!input.signal?.aborted) reportFetchFailure();
    throw err;
  }
  reportFetchSuccess();
  const text = await res.text().catch(() => '');
  if (!res.ok) {
    const parsed = (await ready.catch(() => null))?.errorBodySchema.safeParse(parseJson(text));
    throw new ApiError(res.status, parsed?.success ? parsed.data : null);
  }
  const { endpoints } = await ready;
  const schema: Endpoint = endpoints[name];
  // A download's answer is the file itself (its schema is a string), never JSON.
  const data = schema.download ? text : parseJson(text);
  return endpoints[name].response.parse(data) as z.output<EP[N]['response']>;
}
