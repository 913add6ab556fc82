/**
 * autocannon runs: a warm-up, then three measured runs, reported as the median run by throughput
 * (and the median of each latency figure). Any non-2xx answer or socket error fails the bench loudly:
 * a figure built on errors would flatter the server.
 */
import autocannon from 'autocannon';

export interface RunFigures {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface LoadSpec {
  url: string;
  path: string;
  method?: 'GET' | 'POST';
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Slow servers: a fixed number of requests instead of a duration (req/s = amount / time taken). */
  amount?: number;
  /** Called for each request: vary headers or bodies (tokens, carts). */
  setup?: (req: autocannon.Request) => autocannon.Request;
  body?: string;
  headers?: Record<string, string>;
}

/** What a run's result says, as the bench prints and saves it. */
export function figuresOf(r: autocannon.Result): RunFigures {
  return {
    rps: r['2xx'] / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

export function once(spec: Omit<LoadSpec, 'warmupSeconds'>): Promise<RunFigures> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        duration: spec.seconds,
        ...(spec.amount ? { amount: spec.amount, timeout: 120 } : {}),
        requests: [
          {
            method: spec.method ?? 'GET',
            path: spec.path,
            headers: spec.headers,
            body: spec.body,
            ...(spec.setup ? { setupRequest: spec.setup } : {}),
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(figuresOf(r))),
    );
  });
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface Measured extends RunFigures {
  runs: RunFigures[];
}

export function medianOf(runs: RunFigures[]): Measured {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    max: median(runs.map((r) => r.max)),
    requests: runs.reduce((s, r) => s + r.requests, 0),
    non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
    errors: runs.reduce((s, r) => s + r.errors, 0),
    runs,
  };
}

export function checkClean(label: string, f: RunFigures): void {
  if (f.non2xx || f.errors) throw new Error(`${label}: ${f.non2xx} non-2xx answers and ${f.errors} errors`);
}

/** One request on its own (lazy work, JIT), then the warm-up load; nothing of it is counted. */
export async function warmUp(spec: LoadSpec): Promise<void> {
  await once({ ...spec, connections: 1, amount: 1 });
  if (spec.warmupSeconds > 0)
    await once({ ...spec, seconds: spec.warmupSeconds, amount: spec.amount ? 1 : undefined });
}

/** Warm-up (not counted), then the median of three runs. */
export async function measure(label: string, spec: LoadSpec): Promise<Measured> {
  await warmUp(spec);
  const runs: RunFigures[] = [];
  for (let i = 0; i < 3; i++) {
    const r = await once(spec);
    checkClean(label, r);
    runs.push(r);
  }
  return medianOf(runs);
}
