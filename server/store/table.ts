/**
 * The one Table implementation behind both adapters: rows live in memory, every mutation is
 * serialised per table (a promise chain), applied to a copy and committed only once `persist` has
 * landed. A failed persist leaves the committed rows untouched (the rollback) and answers 503.
 * Readers only ever see committed rows.
 */
import { DomainError } from '../core/errors';
import type { Mutation, Row, Table } from '../core/ports';

export interface TableState<T> {
  seq: number;
  rows: T[];
}

export type Persist<T> = (state: TableState<T>) => Promise<void>;

export interface InMemoryTable<T extends Row> extends Table<T> {
  /** The committed state, as the file adapter writes it. */
  snapshot(): TableState<T>;
}

const logPersistError = (label: string, cause: unknown): void => {
  console.error(
    `[store] write to ${label} failed; the change was rolled back:`,
    cause instanceof Error ? cause.message : cause,
  );
};

export function createTable<T extends Row>(
  initial: TableState<T>,
  persist: Persist<T>,
  label = 'table',
  onPersistError: (label: string, cause: unknown) => void = logPersistError,
): InMemoryTable<T> {
  let state: TableState<T> = { seq: initial.seq, rows: [...initial.rows] };
  let index = new Map(state.rows.map((r) => [r.id, r]));
  let queue: Promise<unknown> = Promise.resolve();

  const run = async <R>(fn: (rows: readonly T[], nextId: () => number) => Mutation<T, R>): Promise<R> => {
    let seq = state.seq;
    const { rows, result } = fn(state.rows, () => ++seq);
    if (rows === state.rows && seq === state.seq) return result;
    // Rows inserted with their own ids (seeding) must never be handed out again by nextId.
    const top = rows.reduce((m, r) => Math.max(m, r.id), seq);
    const next: TableState<T> = { seq: top, rows: [...rows] };
    try {
      await persist(next);
    } catch (cause) {
      // The client gets no file name or system message; the server log gets both.
      onPersistError(label, cause);
      throw new DomainError(
        'storage_unavailable',
        'Storage is unavailable; nothing was changed, please retry',
        undefined,
        cause,
      );
    }
    state = next;
    index = new Map(next.rows.map((r) => [r.id, r]));
    return result;
  };

  return {
    all: () => state.rows,
    get: (id) => index.get(id),
    snapshot: () => state,
    mutate<R>(fn: (rows: readonly T[], nextId: () => number) => Mutation<T, R>): Promise<R> {
      const p = queue.then(() => run(fn));
      // Keep the chain alive whatever this mutation did; the caller still sees its own rejection.
      queue = p.catch(() => undefined);
      return p;
    },
  };
}
