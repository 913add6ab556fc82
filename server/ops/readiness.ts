/**
 * Readiness (`/api/ready`): can this instance take an order now? Each check answers null (fine) or the
 * reason it cannot; all run at once, each bounded by a time limit, so a hung disk or database answers 503
 * rather than holding the load balancer's probe. A graceful stop flips it to 503 at once (`stopping`), so
 * load balancers drain the instance before it closes. Liveness (`/api/health`) stays the cheap "process is up".
 */
export interface ReadinessCheck {
  name: string;
  check(): Promise<string | null>;
}

export type ReadyAnswer = { ok: true } | { ok: false; reasons: string[] };

export const CHECK_TIMEOUT_MS = 1000;

function withinTime(c: ReadinessCheck, ms: number): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`${c.name}: no answer within ${ms} ms`), ms);
  });
  const run = c.check().catch((e: unknown) => `${c.name}: ${e instanceof Error ? e.message : String(e)}`);
  return Promise.race([run, late]).finally(() => clearTimeout(timer));
}

export function createReadiness(checks: readonly ReadinessCheck[], timeoutMs = CHECK_TIMEOUT_MS) {
  let stopping = false;
  return {
    stop(): void {
      stopping = true;
    },
    async probe(): Promise<ReadyAnswer> {
      if (stopping) return { ok: false, reasons: ['stopping: draining before shutdown'] };
      const results = await Promise.all(checks.map((c) => withinTime(c, timeoutMs)));
      const reasons = results.filter((r): r is string => r !== null);
      return reasons.length ? { ok: false, reasons } : { ok: true };
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
