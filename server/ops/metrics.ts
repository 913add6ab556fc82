/**
 * The shop's metrics (prom-client), in a registry of their own so tests can run several. The core counts
 * nothing: orders placed, refusals, sign-in failures and throttles are read off the finished request (route
 * pattern, status, the error code of its answer) by the request log (middleware/request-log.ts), so the core
 * stays free of Node and of any metrics library. Gauges that need a live value (the PostgreSQL pool, the mail
 * outbox) read it at scrape time through the functions handed to `watch*`.
 */
import type { Metric, MetricValueWithName } from 'prom-client';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
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

export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const SERIES_MAX = 2000;

interface Series {
  labels: { method: string; route: string; status: string };
  /** Observations per bucket (not cumulative); the last slot is above every bound. */
  counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * The request-duration histogram, in Prometheus' histogram form, kept in a typed array per method, route pattern
 * and status and written into prom-client's registry at each scrape. prom-client's own Histogram hashes and
 * checks the labels on every observation, which came to about a tenth of a cached read's CPU (issue 30,
 * `npm run bench`); here an observation is a Map lookup and an increment. The route is a pattern and the statuses
 * few, so the series are few; past SERIES_MAX new ones are not kept. The scrape text equals what prom-client's
 * Histogram prints for the same observations (metrics.test.ts).
 */
export class RequestDurations {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
  ) {}

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let s = this.series.get(key);
    if (!s) {
      if (this.series.size >= SERIES_MAX) return;
      s = {
        labels: { method, route, status: String(status) },
        counts: new Float64Array(this.buckets.length + 1),
        sum: 0,
        count: 0,
      };
      this.series.set(key, s);
    }
    const b = this.buckets;
    let i = 0;
    while (i < b.length && seconds > b[i]!) i += 1;
    s.counts[i] = s.counts[i]! + 1;
    s.sum += seconds;
    s.count += 1;
  }

  /** What prom-client's registry reads of a metric at a scrape. */
  get(): Promise<{
    name: string;
    help: string;
    type: 'histogram';
    values: MetricValueWithName<string>[];
    aggregator: 'sum';
  }> {
    const values: MetricValueWithName<string>[] = [];
    for (const s of this.series.values()) {
      let below = 0;
      this.buckets.forEach((le, i) => {
        below += s.counts[i]!;
        values.push({ labels: { le, ...s.labels }, value: below, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: '+Inf', ...s.labels }, value: s.count, metricName: `${this.name}_bucket` });
      values.push({ labels: s.labels, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels: s.labels, value: s.count, metricName: `${this.name}_count` });
    }
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      values,
      aggregator: this.aggregator,
    });
  }

  reset(): void {
    this.series.clear();
  }
}

export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

export function createMetrics({ defaults = true }: { defaults?: boolean } = {}) {
  const registry = new Registry();
  if (defaults) collectDefaultMetrics({ register: registry, prefix: 'threadline_' });
  const registers = [registry];
  const duration = new RequestDurations(
    'threadline_http_request_duration_seconds',
    'Time from the request to the last byte of its answer.',
    DURATION_BUCKETS,
  );
  registry.registerMetric(duration as unknown as Metric);
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
  // Hits and misses counted as plain numbers on the request's way, handed to the counter when it is scraped.
  const cache = { hit: 0, miss: 0 };
  const told = { hit: 0, miss: 0 };
  new Counter({
    name: 'threadline_answer_cache_total',
    help: 'Cacheable catalogue reads, by whether the answer cache held them.',
    labelNames: ['result'] as const,
    registers,
    collect() {
      for (const result of ['hit', 'miss'] as const) {
        if (cache[result] > told[result]) this.inc({ result }, cache[result] - told[result]);
        told[result] = cache[result];
      }
    },
  });
  const mailSends = counter('mail_sends_total', 'Mails the sender handed on, by result.', ['result']);

  return {
    registry,
    request(r: FinishedRequest): void {
      duration.observe(r.method, r.route, r.status, r.seconds);
      if (r.cache) cache[r.cache] += 1;
      if (r.method !== ROUTES.placeOrder.method && r.method !== ROUTES.login.method) return;
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
