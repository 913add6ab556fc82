/**
 * The tests both fuzz runs (server/http/fuzz-koa.test.ts, mock-api/fuzz-msw.test.ts) register alike: one
 * per endpoint, in fuzzOrder, and a summary of what each endpoint answered once the file's run is over.
 */
import { afterAll, it } from 'vitest';
import { fuzzOrder } from './requests';
import type { Fuzzer } from './runner';
import { FUZZ_RUNS, FUZZ_SEED } from './runner';
import { expectRefusal, sweepCases } from './text-sweep';

export function fuzzEveryEndpoint(label: string, fuzzer: Fuzzer): void {
  const started = Date.now();
  afterAll(() => {
    // One block per file, after the run: what each endpoint answered shows how far the generated requests got.
    console.info(
      `[${label} fuzz] ${fuzzer.requests()} requests (${FUZZ_RUNS} runs per endpoint, 3 roles each), seed ${FUZZ_SEED}, ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s\n${fuzzer.summary()}`,
    );
  });
  // First, while the mock's request budgets are untouched: the sweep places a few orders' worth of requests.
  it("every text field refuses NUL, lone surrogates and control characters with the contract's 400", async () => {
    for (const c of sweepCases()) expectRefusal(c, await fuzzer.probe(c.name, c.req, c.role));
  }, 120_000);
  for (const name of fuzzOrder())
    it(
      `${name}: no 5xx, one error shape, storable rows, refusals change nothing`,
      () => fuzzer.fuzzEndpoint(name, { seed: FUZZ_SEED, numRuns: FUZZ_RUNS }),
      60_000,
    );
}
