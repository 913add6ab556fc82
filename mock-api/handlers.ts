/**
 * Every MSW handler, generated from contract/endpoints.ts: each one only collects the raw request,
 * calls the shared API (server/core/api/handle.ts) over the mock backend and writes the reply, exactly like
 * the Koa routes do. Matches any origin (`*`), so tests may fetch http://localhost/api/... and the
 * browser its own origin.
 */
import { http, HttpResponse } from 'msw';
import type { Endpoint, EndpointName } from '#contract/endpoints';
import { API_BASE, BODY_LIMITS, endpoints } from '#contract/endpoints';
import type { ApiReply } from '#server/core/api/handle';
import { errorReply } from '#server/core/api/handle';
import { DomainError } from '#server/core/api/errors';
import { REPEATABLE_PARAMS } from '#contract/rules/catalog-filters';
import type { BodyReader } from '#server/core/api/request-body';
import { BODY_READERS, bodyTooLarge } from '#server/core/api/request-body';
import { mockBackend } from './mock-store';

const json = (reply: ApiReply): Response => {
  // Cached catalogue reads carry an ETag and revalidate, exactly as on the Koa server.
  const headers: Record<string, string> = {
    ...(reply.etag ? { ETag: reply.etag, 'Cache-Control': 'no-cache' } : {}),
    ...reply.headers,
  };
  if (reply.status === 304) return new HttpResponse(null, { status: 304, headers });
  return HttpResponse.json(reply.body as never, { status: reply.status, headers });
};

/**
 * A download (the CSV exports) as the Koa server sends it: the same headers, the text streamed, each
 * chunk made only when the reader pulls for it.
 */
function streamed(reply: ApiReply & { stream: AsyncIterable<string> }): Response {
  const chunks = reply.stream[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return?.();
    },
  });
  return new HttpResponse(body, { status: reply.status, headers: reply.headers });
}

/** The same body rules as the Koa server (server/core/api/request-body.ts), with the endpoint's limit. */
async function readBody<T>(request: Request, limit: number, reader: BodyReader<T>): Promise<T> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length === 0) return reader.none;
  if (bytes.length > limit) throw bodyTooLarge(limit);
  reader.assertType(request.headers.get('content-type'));
  return reader.value(bytes);
}

function bearer(request: Request): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return m?.[1];
}

function firstValues(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of params) if (!(k in out)) out[k] = v;
  // Repeatable filters (size, color) keep every value, as the Koa route does.
  for (const k of REPEATABLE_PARAMS) if (params.getAll(k).length > 1) out[k] = params.getAll(k);
  return out;
}

const METHOD = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

const apiHandlers = (Object.keys(endpoints) as EndpointName[]).map((name) => {
  const ep: Endpoint = endpoints[name];
  const limit = ep.bodyLimit ?? BODY_LIMITS.small;
  return METHOD[ep.method](`*${API_BASE}${ep.path}`, async ({ request, params }) => {
    try {
      const { api } = await mockBackend();
      const reply = await api.handle(name, {
        params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
        query: firstValues(new URL(request.url).searchParams),
        readBody: ep.body
          ? () => readBody<unknown>(request, limit, BODY_READERS[ep.bodyType ?? 'json'])
          : undefined,
        token: bearer(request),
        idempotencyKey: request.headers.get('idempotency-key') ?? undefined,
        ifNoneMatch: request.headers.get('if-none-match') ?? undefined,
      });
      if (reply.stream) return streamed({ ...reply, stream: reply.stream });
      return json(reply);
    } catch (error) {
      if (!(error instanceof DomainError)) console.error('[mock-api]', name, error);
      return json(errorReply(error));
    }
  });
});

/** Uploaded images live in memory in the mock; demo images (/uploads/demo/...) are left to the host. */
const uploads = http.get('*/uploads/:name', async ({ params }) => {
  const { images } = await mockBackend();
  const name = String(params.name);
  // The server makes <name>-<w>.webp widths with sharp; the mock has no sharp and answers the original.
  const variant = /^(.+)-(?:320|640|960)\.webp$/.exec(name);
  const file =
    images.read(name) ??
    (variant
      ? ['webp', 'png', 'jpg', 'gif'].map((ext) => images.read(`${variant[1]}.${ext}`)).find(Boolean)
      : undefined);
  if (!file) return HttpResponse.json({ message: 'Not found', code: 'not_found' }, { status: 404 });
  return new HttpResponse(file.bytes as Uint8Array<ArrayBuffer>, {
    headers: { 'Content-Type': file.contentType, 'Cache-Control': 'public, max-age=31536000, immutable' },
  });
});

// `*/api/*` also matches source files such as /src/features/catalog/api/x.ts in demo mode: only a path
// that starts with /api/ is an unknown API call; anything else passes through (undefined = not handled).
const unknownApi = http.all(`*${API_BASE}/*`, ({ request }) =>
  new URL(request.url).pathname.startsWith(`${API_BASE}/`)
    ? json({ status: 404, body: { message: 'Not found', code: 'not_found' } })
    : undefined,
);

/**
 * MSW decodes path parameters while matching and throws (a 500 with a stack) on an undecodable escape
 * such as /api/products/%ff. A custom predicate skips that decoding: such a path under /api or
 * /uploads is a 400 in the one error shape, as the Koa server answers it, before any other handler.
 */
const undecodablePath = http.all(
  ({ request }) => {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(`${API_BASE}/`) && !pathname.startsWith('/uploads/')) return false;
    try {
      decodeURIComponent(pathname);
      return false;
    } catch {
      return true;
    }
  },
  () => json(errorReply(new DomainError('bad_request', 'Malformed URL'))),
);

export const handlers = [undecodablePath, ...apiHandlers, uploads, unknownApi];
