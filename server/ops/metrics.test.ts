/** The request-duration histogram kept by hand prints what prom-client's own Histogram prints; counts move. */
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createMetrics, DURATION_BUCKETS } from './metrics';

const NAME = 'threadline_http_request_duration_seconds';
const HELP = 'Time from the request to the last byte of its answer.';

const OBSERVED: Array<[string, string, number, number]> = [
  ['GET', '/api/products', 200, 0.0004],
  ['GET', '/api/products', 200, 0.001], // on a bound: counted in it
  ['GET', '/api/products', 200, 0.0031],
  ['GET', '/api/products', 304, 0.02],
  ['POST', '/api/orders', 201, 0.7],
  ['POST', '/api/orders', 400, 9], // above every bound
  ['GET', '/api/products/:id', 200, 0.26],
];

/** Only the histogram's lines of a scrape. */
const histogramOf = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.includes(NAME))
    .join('\n');

describe('request durations', () => {
  it('scrape as prom-client Histogram would print the same observations', async () => {
    const metrics = createMetrics({ defaults: false });
    const reference = new Registry();
    const ref = new Histogram({
      name: NAME,
      help: HELP,
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers: [reference],
    });
    for (const [method, route, status, seconds] of OBSERVED) {
      metrics.request({ method, route, status, seconds });
      ref.observe({ method, route, status: String(status) }, seconds);
    }
    const ours = histogramOf(await metrics.registry.metrics());
    expect(ours).toContain(`${NAME}_bucket{le="+Inf",method="POST",route="/api/orders",status="400"} 1`);
    expect(ours).toBe(histogramOf(await reference.metrics()));
  });

  it('the answer cache counter and the orders counter move with requests', async () => {
    const metrics = createMetrics({ defaults: false });
    const read = (text: string, line: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(line))
          ?.split(' ')[1],
      );
    metrics.request({ method: 'GET', route: '/api/products', status: 200, seconds: 0.001, cache: 'hit' });
    metrics.request({ method: 'GET', route: '/api/products', status: 200, seconds: 0.001, cache: 'hit' });
    metrics.request({ method: 'GET', route: '/api/products', status: 200, seconds: 0.001, cache: 'miss' });
    metrics.request({ method: 'POST', route: '/api/orders', status: 201, seconds: 0.01 });
    let text = await metrics.registry.metrics();
    expect(read(text, 'threadline_answer_cache_total{result="hit"}')).toBe(2);
    expect(read(text, 'threadline_answer_cache_total{result="miss"}')).toBe(1);
    expect(read(text, 'threadline_orders_placed_total')).toBe(1);
    metrics.request({ method: 'GET', route: '/api/products', status: 200, seconds: 0.001, cache: 'hit' });
    text = await metrics.registry.metrics();
    expect(read(text, 'threadline_answer_cache_total{result="hit"}')).toBe(3);
  });
});
