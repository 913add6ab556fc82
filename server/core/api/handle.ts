/**
 * The room `api/`: the API kernel every transport calls — handle() here, the typed handler table (handlers.ts),
 * input reading (input.ts, api/request-body.ts), replies and ETags, the domain errors, the per-endpoint rate limits
 * and the in-memory throttle store. It reaches the domains only through the handler table's Core.
 *
 * The transport-free API: one `handle(name, request)` per endpoint of contract/endpoints.ts. Koa and
 * MSW both only collect the raw request, call this and write the reply, so access rules, input parsing
 * and answers cannot drift between the real server and the mock.
 */
import type { Endpoint, EndpointName } from '#contract/endpoints';
import { endpoints } from '#contract/endpoints';
import { ERROR_STATUS } from '#contract/schemas/errors';
import { CACHED, HANDLERS } from './handlers';
import type { ApiRequest } from './input';
import { LOCAL_ADDRESS, readInput } from './input';
import type { Principal } from '../ports';
import type { Core } from '../core';
import type { CachedAnswer } from './reply';
import { DomainError } from './errors';
import { etagMatches } from './etag';
import { createRateLimiter, noRateLimits } from './rate-limiter';
import { StatusReply, TextStream } from './reply';

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
  /**
   * A download (the CSV exports): its text in chunks, for the transport to stream out as it reads them
   * (`headers` then carry its Content-Type and Content-Disposition; `body` is unused). Its first chunk
   * has already been made, so a failure to start is an ordinary error answer.
   */
  stream?: AsyncIterable<string>;
}

export interface ApiOptions {
  /** false: `RATE_LIMITS=off`, for load tests (every other protection stays on). */
  rateLimits?: boolean;
}

/**
 * The chunks of a download, its first one made now: a failure before anything can be sent is thrown
 * here, as an ordinary error answer, while later chunks are made only as the transport asks for them.
 */
async function started(download: TextStream): Promise<AsyncIterable<string>> {
  const source = download.chunks;
  const it: Iterator<string> | AsyncIterator<string> =
    Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
  const first = await it.next();
  return (async function* () {
    try {
      if (first.done) return;
      yield first.value;
      for (let n = await it.next(); !n.done; n = await it.next()) yield n.value;
    } finally {
      // A client gone half-way: let the source release what it holds.
      await it.return?.();
    }
  })();
}

const downloadHeaders = (d: TextStream): Record<string, string> => ({
  'Content-Type': d.contentType,
  'Content-Disposition': `attachment; filename="${d.filename}"`,
  'Cache-Control': 'private, no-store',
});

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

export function createApi(core: Core, options: ApiOptions = {}) {
  const limiter =
    options.rateLimits === false ? noRateLimits : createRateLimiter(core.deps.clock, core.throttles);
  return {
    /** Moves on with every product or category write: answers cached outside the core key on it. */
    catalogVersion: (): number => core.catalog.version(),

    async handle<N extends EndpointName>(name: N, req: ApiRequest): Promise<ApiReply> {
      const endpoint: Endpoint = endpoints[name];
      // Public calls never look at the caller, so a shopper's token costs them no session lookup.
      const principal = endpoint.access === 'public' ? null : await core.auth.authenticate(req.token);
      if (principal) req.onCaller?.(principal.user.id);
      // Access first: a shopper probing an admin call learns nothing about its input rules.
      authorize(endpoint.access, principal);
      // Then the budgets, before any body is read or any work is done.
      if (endpoint.rateLimits)
        await limiter.take(name, endpoint, {
          address: req.clientAddress ?? LOCAL_ADDRESS,
          account: principal?.user.id ?? null,
        });
      const input = await readInput(name, req, principal);
      // Cached reads are keyed by the parsed query (catalog/cache.ts), never by the raw request:
      // parameters the schema drops cannot make new entries.
      const cached = CACHED[name]?.(core, input);
      // Read in the same synchronous step as the answer: no write can land in between.
      if (cached) return { ...cachedReply(endpoint, req, cached), version: core.catalog.version() };
      const result = await HANDLERS[name](core, input);
      // A use case may answer with another status in its own shape (the countries service's 404).
      if (result instanceof StatusReply) return { status: result.status, body: result.body };
      // A download (the CSV exports) is streamed by the transport.
      if (result instanceof TextStream)
        return {
          status: endpoint.status,
          body: undefined,
          stream: await started(result),
          headers: downloadHeaders(result),
        };
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
      body: {
        message: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.lines ? { lines: error.lines } : {}),
        ...(error.errors ? { errors: error.errors } : {}),
      },
      ...(error.retryAfterSeconds ? { headers: { 'Retry-After': String(error.retryAfterSeconds) } } : {}),
    };
  }
  return { status: 500, body: { message: 'Something went wrong', code: 'internal' } };
}
