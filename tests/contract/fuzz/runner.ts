/**
 * The hardening proof: a property-based run (fast-check) over every endpoint of contract/endpoints.ts,
 * shared by the Koa run (server/http/fuzz-koa.test.ts) and the MSW run (mock-api/fuzz-msw.test.ts).
 * Each generated request (requests.ts) is sent three ways (no token, a shopper's, the admin's), and every
 * answer must pass the four checks of checks.ts against the stored data read before and after it.
 */
import fc from 'fast-check';
import type { EndpointName } from '#contract/endpoints';
import { API_BASE } from '#contract/endpoints';
import type { Answer } from './checks';
import { checkAnswer } from './checks';
import type { FuzzRequest } from './requests';
import { requestArb } from './requests';
import type { Role } from './send';
import { sendRequest } from './send';
import type { StoreSnapshot } from './snapshot';

/** Fixed so a failure reproduces; FUZZ_SEED / FUZZ_RUNS override it for a longer local hunt. */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_240_611);
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 40);

export interface Credentials {
  email: string;
  password: string;
}

export interface FuzzTarget {
  /** 'koa' or 'msw', in failure messages. */
  label: string;
  baseUrl: string;
  accounts: { shopper: Credentials; admin: Credentials };
  /** The stored data as it is now (the data folder, or the mock's tables). */
  snapshot(): Promise<StoreSnapshot>;
}

const ROLES: readonly Role[] = ['anon', 'shopper', 'admin'];

export function createFuzzer(target: () => FuzzTarget) {
  const tokens: Record<Exclude<Role, 'anon'>, string> = { shopper: '', admin: '' };
  let requests = 0;
  /** Answers per endpoint and status, e.g. `createProduct 201×7 400×50`: shows what the run reached. */
  const seen = new Map<string, Map<number, number>>();
  let last: StoreSnapshot | undefined;

  async function login(role: 'shopper' | 'admin'): Promise<void> {
    const res = await fetch(`${target().baseUrl}${API_BASE}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(target().accounts[role]),
    });
    const body: unknown = await res.json();
    if (
      res.status !== 200 ||
      !body ||
      typeof body !== 'object' ||
      !('token' in body) ||
      typeof body.token !== 'string'
    )
      throw new Error(`[${target().label}] cannot log the ${role} in: ${res.status} ${JSON.stringify(body)}`);
    tokens[role] = body.token;
    last = undefined;
  }

  /** One request as one role, and the four checks; the answer, for callers that expect one in particular. */
  async function probe(name: EndpointName, req: FuzzRequest, role: Role): Promise<Answer> {
    const before = last ?? (await target().snapshot());
    requests++;
    const a = await sendRequest(
      target().baseUrl,
      name,
      req,
      role,
      role === 'anon' ? req.bogusToken : tokens[role],
    );
    const after = await target().snapshot();
    last = after;
    const tally = seen.get(name) ?? new Map<number, number>();
    seen.set(name, tally.set(a.status, (tally.get(a.status) ?? 0) + 1));
    checkAnswer(name, a, before, after);
    // A logout ends the token this run uses for the role: take a fresh one.
    if (name === 'logout' && role !== 'anon' && a.status === 200) await login(role);
    return a;
  }

  async function fuzzEndpoint(name: EndpointName, opts: { seed: number; numRuns: number }): Promise<void> {
    const property = fc.asyncProperty(requestArb(name), async (req) => {
      for (const role of ROLES) await probe(name, req, role);
    });
    const details = await fc.check(property, { seed: opts.seed, numRuns: opts.numRuns });
    if (!details.failed) return;
    const e = details.errorInstance;
    throw new Error(
      `[${target().label}] ${e instanceof Error ? e.message : String(e)}\n  fast-check seed ${details.seed}, ` +
        `path "${details.counterexamplePath}", ${details.numShrinks} shrinks (FUZZ_SEED=${opts.seed} replays the run)`,
    );
  }

  return {
    /** Logs the shopper and the admin in once; the run reuses their tokens. */
    prepare: async () => {
      await login('shopper');
      await login('admin');
    },
    fuzzEndpoint,
    probe,
    requests: () => requests,
    summary: () =>
      [...seen]
        .map(
          ([n, t]) =>
            `${n} ${[...t]
              .sort(([a], [b]) => a - b)
              .map(([st, c]) => `${st}×${c}`)
              .join(' ')}`,
        )
        .join('\n'),
  };
}

export type Fuzzer = ReturnType<typeof createFuzzer>;
