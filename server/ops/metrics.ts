/**
 * The shop's metrics (prom-client), in a registry of their own so tests can run several. The core counts
 * nothing: orders placed, refusals, sign-in failures and throttles are read off the finished request (route
 * pattern, status, the error code of its answer) by the request log (middleware/request-log.ts), so the core
 * stays free of Node and of any metrics library. Gauges that need a live value (the PostgreSQL pool, the mail
 * outbox) read it at scrape time through the functions handed to `watch*`.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ROUTES, API_BASE } from '#contract/routes';

export interface FinishedRequest {
  method: string;
  route: string;
  status: number;
  seconds: number;
  /** The `code` of an error answer. */
  code?: string;
  /** The answer cache's part: `hit` (the shortcut answered), `miss` (a cacheable read it did not hold). */
  cache?: 'hit' | 'miss';
}

const PLACE_ORDER = `${ROUTES.placeOrder.method} ${API_BASE}${ROUTES.placeOrder.path}`;
const LOGIN = `${ROUTES.login.method} ${API_BASE}${ROUTES.login.path}`;

export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

export function createMetrics({ defaults = true }: { defaults?: boolean } = {}) {
  const registry = new Registry();
  if (defaults) collectDefaultMetrics({ register: registry, prefix: 'threadline_' });
  const registers = [registry];
  const duration = new Histogram({
    name: 'threadline_http_request_duration_seconds',
    help: 'Time from the request to the last byte of its answer.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const counter = <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name: `threadline_${name}`, help, labelNames, registers });
  const ordersPlaced = counter('orders_placed_total', 'Orders placed (201 answers to POST /api/orders).');
  const orderRefusals = counter('order_refusals_total', 'Orders refused, by the error code of the answer.', [
    'code',
  ]);
  const signInFailures = counter(
    'sign_in_failures_total',
    'Sign-ins refused for a wrong e-mail or password.',
  );
  const signInThrottles = counter(
    'sign_in_throttled_total',
    'Sign-ins refused by the brake or the request budget (429).',
  );
  const answerCache = counter(
    'answer_cache_total',
    'Cacheable catalogue reads, by whether the answer cache held them.',
    ['result'],
  );
  const mailSends = counter('mail_sends_total', 'Mails the sender handed on, by result.', ['result']);
  // The histogram's child per method, route pattern and status, kept: prom-client hashes the labels on every
  // observe otherwise, a good part of a cached read's metrics cost. The routes are patterns and the statuses
  // few, so the set is small; it is bounded all the same (past the bound, the labelled call as before).
  const durations = new Map<string, ReturnType<typeof duration.labels>>();
  const DURATIONS_MAX = 2000;
  const cacheHits = answerCache.labels('hit');
  const cacheMisses = answerCache.labels('miss');

  return {
    registry,
    request(r: FinishedRequest): void {
      const key = `${r.method} ${r.status} ${r.route}`;
      let child = durations.get(key);
      if (!child) {
        child = duration.labels(r.method, r.route, String(r.status));
        if (durations.size < DURATIONS_MAX) durations.set(key, child);
      }
      child.observe(r.seconds);
      if (r.cache) (r.cache === 'hit' ? cacheHits : cacheMisses).inc();
      const call = `${r.method} ${r.route}`;
      if (call === PLACE_ORDER) {
        if (r.status === 201) ordersPlaced.inc();
        else if (r.status >= 400) orderRefusals.inc({ code: r.code ?? String(r.status) });
      } else if (call === LOGIN) {
        if (r.status === 401) signInFailures.inc();
        else if (r.status === 429) signInThrottles.inc();
      }
    },
    /** PostgreSQL's pool, read at each scrape. */
    watchPool(use: () => PoolUse): void {
      new Gauge({
        name: 'threadline_pg_pool_connections',
        help: 'PostgreSQL pool connections, by state.',
        labelNames: ['state'] as const,
        registers,
        collect() {
          const u = use();
          this.set({ state: 'total' }, u.total);
          this.set({ state: 'idle' }, u.idle);
          this.set({ state: 'waiting' }, u.waiting);
        },
      });
    },
    /** The mail outbox (issue 26): its depth read at each scrape; `mailSent` for each send. */
    watchMailOutbox(depth: () => number): void {
      new Gauge({
        name: 'threadline_mail_outbox_depth',
        help: 'Mails waiting in the outbox.',
        registers,
        collect() {
          this.set(depth());
        },
      });
    },
    /** Each recorded attempt of the sender (server/mail/sender.ts): sent, retry (transient) or failed. */
    mailSent(result: 'sent' | 'retry' | 'failed'): void {
      mailSends.inc({ result });
    },
    text: (): Promise<string> => registry.metrics(),
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
