/**
 * A raw request turned into the typed input of its endpoint: params, query and body are parsed with
 * the endpoint's own schemas (contract/endpoints.ts), so a handler receives exactly the output type of
 * those schemas, and a part the endpoint does not take arrives as undefined.
 */
import { z } from 'zod';
import type { Endpoint, EndpointName } from '#contract/endpoints';
import { endpoints } from '#contract/endpoints';
import type { Principal } from '../ports';
import { validationFailed } from './errors';

export interface ApiRequest {
  params?: Record<string, string>;
  /** The first value of each parameter; every value of a repeatable one (REPEATABLE_PARAMS). */
  query?: Record<string, string | string[]>;
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
  /** Told the signed-in caller's id once the session is recognised (the transport's request log). */
  onCaller?: (userId: number) => void;
}

/** The address of a caller whose transport knows none (MSW in the browser or in tests). */
export const LOCAL_ADDRESS = 'local';

type Part = 'params' | 'query' | 'body';

/**
 * Stands in for a part an endpoint does not take: accepts anything and yields undefined. Typed as a
 * plain ZodType so that tsc can check the parts of a generic endpoint against parse's constraint.
 */
const ABSENT: z.ZodType<undefined> = z.unknown().transform(() => undefined);

type EP = typeof endpoints;
type PartSchema<N extends EndpointName, K extends Part> = EP[N] extends {
  [P in K]: infer S extends z.ZodType;
}
  ? S
  : typeof ABSENT;
type PartSchemas = { [N in EndpointName]: { [K in Part]: PartSchema<N, K> } };

/**
 * The table's request schemas with every part present. Built from the endpoint table itself, so the
 * one cast below only restates `ep.params ?? ABSENT` (and the same for query and body) per endpoint,
 * which tsc cannot follow through Object.entries.
 */
const SCHEMAS = Object.fromEntries(
  Object.entries(endpoints).map(([name, ep]: [string, Endpoint]) => [
    name,
    { params: ep.params ?? ABSENT, query: ep.query ?? ABSENT, body: ep.body ?? ABSENT },
  ]),
) as PartSchemas;

export type ParamsOf<N extends EndpointName> = z.output<PartSchemas[N]['params']>;
export type QueryOf<N extends EndpointName> = z.output<PartSchemas[N]['query']>;
export type BodyOf<N extends EndpointName> = z.output<PartSchemas[N]['body']>;

export interface InputOf<N extends EndpointName> {
  params: ParamsOf<N>;
  query: QueryOf<N>;
  body: BodyOf<N>;
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

/** The schema's output, or a 400 with a message per field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw validationFailed(zodFields(r.error));
  return r.data;
}

/** Params, then query, then the body: the body is read only for endpoints that take one. */
export async function readInput<N extends EndpointName>(
  name: N,
  req: ApiRequest,
  principal: Principal | null,
): Promise<InputOf<N>> {
  const endpoint: Endpoint = endpoints[name];
  const schemas = SCHEMAS[name];
  const params = parse(schemas.params, req.params ?? {});
  const query = parse(schemas.query, req.query ?? {});
  const body = parse(schemas.body, endpoint.body ? ((await req.readBody?.()) ?? {}) : undefined);
  return { params, query, body, principal, req };
}
