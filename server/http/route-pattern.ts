/**
 * The route pattern of a request (`/api/products/:id`), for log lines and metric labels: from the endpoint
 * table, so it is known also for answers the cache shortcut gives before routing, and bounded (a metric label
 * must never take a value per product id or per random path a scanner tries).
 */
import { API_BASE, ROUTES } from '#contract/routes';

interface Pattern {
  method: string;
  regex: RegExp;
  pattern: string;
}

const PATTERNS: Pattern[] = Object.values(ROUTES).map(({ method, path }) => ({
  method,
  pattern: API_BASE + path,
  regex: new RegExp(`^${API_BASE}${path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
}));

export function routePattern(method: string, path: string): string {
  const m = method === 'HEAD' ? 'GET' : method;
  // Every pattern starts with API_BASE: a page or a file need not try them (the shop's pages are a hot path).
  if (path.startsWith(API_BASE))
    for (const p of PATTERNS) if (p.method === m && p.regex.test(path)) return p.pattern;
  if (path === '/api/ready') return path;
  if (path === API_BASE || path.startsWith(`${API_BASE}/`)) return `${API_BASE}/(unknown)`;
  if (path.startsWith('/uploads/')) return '/uploads/:file';
  if (path.startsWith('/assets/')) return '/assets/:file';
  return '(page)';
}
