/**
 * The ThrottleStore (core ports.ts) of the PostgreSQL store: the request budgets' windows and the
 * sign-in brake's counts live in one table every instance shares, so a client spreading its calls
 * over the instances behind a proxy meets one budget, not one per instance. Each update is one
 * transaction holding the key's row lock: concurrent updates of a key, from any instance, queue.
 * Time is the database's, so instances whose clocks differ still agree on windows. Expired rows are
 * swept every minute; a row exists only for a call that got through the access checks and the
 * core's in-memory flood check (core/api/flood-guard.ts), and the anonymous calls that create them
 * (sign-in, registration) are bounded by the password hasher's gate.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { tooManyRequests } from '#server/core/api/errors';
import type { ThrottleKind, ThrottleStep, ThrottleStore } from '#server/core/ports';
import type { JobGate } from './job-gate';
import { createJobGate } from './job-gate';

const SWEEP_MS = 60_000;
/**
 * Per kind of budget (the sign-in brake, each endpoint's request budget): at most 4 of the pool's
 * connections count its calls at once and 256 calls wait; past that a call is refused with 429 before
 * it costs the database anything. Each kind has its own gate, so a flood of sign-ins fills the
 * sign-in gate only and an order's count never waits behind it (issue 24). Settling updates (a
 * sign-in's outcome) are never refused; they go ahead of the waiting calls, in the same 4 connections.
 */
export const THROTTLE_GATE = { concurrency: 4, maxQueue: 256 };

export function createPgThrottles(
  pool: pg.Pool,
  gateLimits = THROTTLE_GATE,
): ThrottleStore & { close(): void } {
  // One gate per kind: the kinds are the contract's endpoint names and 'sign-in', so they are few.
  const gates = new Map<ThrottleKind, JobGate>();
  const gateOf = (kind: ThrottleKind): JobGate => {
    let gate = gates.get(kind);
    if (!gate) gates.set(kind, (gate = createJobGate(gateLimits)));
    return gate;
  };
  const sweep = setInterval(() => {
    void pool
      .query(
        'DELETE FROM throttles WHERE expires_at <= (extract(epoch FROM clock_timestamp()) * 1000)::bigint',
      )
      .catch(() => undefined);
  }, SWEEP_MS);
  sweep.unref();

  return {
    update(name, step, { kind, settle }) {
      const run = () => updateRow(name, step);
      const gate = gateOf(kind);
      if (settle) return gate.runFirst(run);
      return gate.tryRun(run) ?? Promise.reject(tooManyRequests('The server is busy, please retry', 1000));
    },
    close: () => clearInterval(sweep),
  };

  async function updateRow<V, R>(
    name: string,
    step: (current: V | undefined, now: number) => ThrottleStep<V, R>,
  ): Promise<R> {
    const key = createHash('sha256').update(name).digest();
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      // The row must exist to be locked: two first updates of a key would otherwise both read "absent".
      await client.query(
        "INSERT INTO throttles (key, value, expires_at) VALUES ($1, 'null', 0) ON CONFLICT (key) DO NOTHING",
        [key],
      );
      const { rows } = await client.query<{ value: unknown; expires_at: number; now: number }>(
        `SELECT value, expires_at, (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now
             FROM throttles WHERE key = $1 FOR UPDATE`,
        [key],
      );
      const row = rows[0]!;
      const now = Number(row.now);
      const current = Number(row.expires_at) > now && row.value !== null ? (row.value as never) : undefined;
      const { next, expiresAt, result } = step(current, now);
      if (next === undefined) await client.query('DELETE FROM throttles WHERE key = $1', [key]);
      else
        await client.query('UPDATE throttles SET value = $2, expires_at = $3 WHERE key = $1', [
          key,
          JSON.stringify(next),
          Math.round(expiresAt),
        ]);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }
}
