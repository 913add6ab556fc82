import { afterEach, beforeEach } from 'vitest';
import { server } from '#mock-api/node';

/**
 * Every request the app sends from now on, as "METHOD /path", in order. Listening goes on until
 * server.events.removeAllListeners() (call it in the file's afterEach).
 */
export function recordRequests(): string[] {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  return seen;
}

/**
 * For each test of the calling block: the query of every /api/products request that `keep` accepts, in
 * order. The list is emptied before each test and listening stops after it.
 */
export function recordProductQueries(
  keep: (query: URLSearchParams) => boolean = () => true,
): URLSearchParams[] {
  const queries: URLSearchParams[] = [];
  beforeEach(() => {
    queries.length = 0;
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/products' && keep(url.searchParams)) queries.push(url.searchParams);
    });
  });
  afterEach(() => server.events.removeAllListeners());
  return queries;
}
