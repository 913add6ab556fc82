/**
 * The one Table implementation behind every adapter (memory, lowdb files, order shards). Rows live in
 * memory in a Map (id order = insertion order) and readers only ever see committed rows.
 *
 * Write path (group commit): `mutate`/`change` queue their function. While no write is in flight the
 * queue is flushed on the next microtask; while one is in flight the queue grows, and all of it goes
 * out together in the next write. A flush applies the queued functions in order to a working overlay
 * (each sees the changes before it), hands the batch's net changes to `persist` once, and only when
 * that has landed commits the overlay, tells the subscribers (indexes) and resolves every caller. A
 * failed persist drops the whole batch (the rollback) and each of its callers gets a 503; a function
 * that throws (a domain error) fails alone and leaves nothing behind.
 */
import { DomainError, validationFailed } from '#server/core/errors';
import type { Commit, Mutation, Row, RowChange, Table } from '#server/core/ports';

export interface TableState<T> {
  seq: number;
  rows: T[];
}

/**
 * A stored state's rows by id, and its seq: never below the highest id, so rows inserted with their own
 * ids (seeding) are never handed out again.
 */
export function rowsById<T extends { id: number }>(state: {
  seq: number;
  rows: readonly T[];
}): { seq: number; rows: Map<number, T> } {
  const rows = new Map<number, T>();
  let seq = state.seq;
  for (const r of state.rows) {
    rows.set(r.id, r);
    seq = Math.max(seq, r.id);
  }
  return { seq, rows };
}

/** One batch on its way to disk. */
export interface PendingWrite<T> {
  seq: number;
  /** Net changes of the batch: id -> new row, or null when deleted. */
  changes: ReadonlyMap<number, T | null>;
  /** The next value of a row. */
  get(id: number): T | undefined;
  /** Every next row, in table order; O(rows), so only adapters that write one whole file call it. */
  rows(): T[];
}

export type Persist<T> = (write: PendingWrite<T>) => Promise<void>;

export interface InMemoryTable<T extends Row> extends Table<T> {
  /** The committed state, as the single-file adapter writes it. */
  snapshot(): TableState<T>;
}

const logPersistError = (label: string, cause: unknown): void => {
  console.error(
    `[store] write to ${label} failed; the change was rolled back:`,
    cause instanceof Error ? cause.message : cause,
  );
};

interface Queued {
  apply: (w: Overlay<Row>) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** The batch being built: committed rows seen through the changes queued so far. */
class Overlay<T extends Row> {
  readonly changes = new Map<number, T | null>();
  constructor(
    private readonly committed: ReadonlyMap<number, T>,
    public seq: number,
  ) {}

  get = (id: number): T | undefined => {
    if (this.changes.has(id)) return this.changes.get(id) ?? undefined;
    return this.committed.get(id);
  };

  rows(): T[] {
    const out: T[] = [];
    for (const [id, row] of this.committed) {
      const next = this.changes.has(id) ? this.changes.get(id) : row;
      if (next) out.push(next);
    }
    for (const [id, row] of this.changes) if (row && !this.committed.has(id)) out.push(row);
    return out;
  }
}

export interface TableOptions {
  /**
   * The row rule (record-schemas.ts): the fields a row breaks, or null. A change that would put a
   * breaking row fails alone with a 400 and leaves nothing behind, so nothing that is acknowledged
   * can fail to load at the next start.
   */
  check?: (row: unknown) => Record<string, string> | null;
  onPersistError?: (label: string, cause: unknown) => void;
}

export function createTable<T extends Row>(
  initial: TableState<T>,
  persist: Persist<T>,
  label = 'table',
  { check, onPersistError = logPersistError }: TableOptions = {},
): InMemoryTable<T> {
  const loaded = rowsById(initial);
  const committed = loaded.rows;
  let seq = loaded.seq;
  let rowsCache: T[] | undefined;
  const listeners = new Set<(commit: Commit<T>) => void>();
  const queue: Queued[] = [];
  let flushing = false;

  const assertStorable = (rows: Iterable<T>): void => {
    if (!check) return;
    for (const row of rows) {
      const fields = check(row);
      if (fields) throw validationFailed(fields, "This change would store values over the shop's limits");
    }
  };

  const putRow = (w: Overlay<T>, row: T, nextSeq: number): number => {
    w.changes.set(row.id, row);
    // Rows inserted with their own ids (seeding) must never be handed out again by nextId.
    return Math.max(nextSeq, row.id);
  };

  function applyChange<R>(w: Overlay<T>, fn: Parameters<Table<T>['change']>[0]): R {
    let s = w.seq;
    const out = fn(w.get, () => ++s) as RowChange<T, R>;
    assertStorable(out.put ?? []);
    for (const id of out.remove ?? []) if (w.get(id)) w.changes.set(id, null);
    for (const row of out.put ?? []) s = putRow(w, row, s);
    w.seq = s;
    return out.result;
  }

  function applyMutation<R>(
    w: Overlay<T>,
    fn: (rows: readonly T[], nextId: () => number) => Mutation<T, R>,
  ): R {
    let s = w.seq;
    const before = w.rows();
    const { rows, result } = fn(before, () => ++s);
    if (rows !== before) {
      // Diff by identity: rows are immutable values, so an untouched row is the very same object.
      assertStorable(rows.filter((row) => w.get(row.id) !== row));
      const kept = new Set<number>();
      for (const row of rows) {
        kept.add(row.id);
        if (w.get(row.id) !== row) s = putRow(w, row, s);
      }
      for (const row of before) if (!kept.has(row.id)) w.changes.set(row.id, null);
    }
    w.seq = s;
    return result;
  }

  function commit(w: Overlay<T>): void {
    const put: T[] = [];
    const removed: T[] = [];
    for (const [id, row] of w.changes) {
      const old = committed.get(id);
      if (old) removed.push(old);
      if (row) {
        committed.set(id, row);
        put.push(row);
      } else committed.delete(id);
    }
    seq = w.seq;
    rowsCache = undefined;
    for (const l of listeners) {
      try {
        l({ put, removed });
      } catch (e) {
        console.error(`[store] a subscriber of ${label} failed:`, e);
      }
    }
  }

  async function flush(): Promise<void> {
    const batch = queue.splice(0);
    const w = new Overlay<T>(committed, seq);
    // A function that throws does so before touching the overlay, so it leaves nothing behind.
    const outcomes: Outcome[] = batch.map((q) => {
      try {
        return { ok: true, value: q.apply(w as unknown as Overlay<Row>) };
      } catch (error) {
        return { ok: false, error };
      }
    });
    if (w.changes.size > 0 || w.seq !== seq) {
      try {
        await persist({ seq: w.seq, changes: w.changes, get: w.get, rows: () => w.rows() });
      } catch (cause) {
        // The client gets no file name or system message; the server log gets both.
        onPersistError(label, cause);
        const error = new DomainError(
          'storage_unavailable',
          'Storage is unavailable; nothing was changed, please retry',
          undefined,
          cause,
        );
        batch.forEach((q, i) => {
          const o = outcomes[i];
          q.reject(o && !o.ok ? o.error : error);
        });
        return;
      }
      commit(w);
    }
    batch.forEach((q, i) => {
      const o = outcomes[i];
      if (o?.ok) q.resolve(o.value);
      else q.reject(o?.error);
    });
  }

  function kick(): void {
    if (flushing || queue.length === 0) return;
    flushing = true;
    queueMicrotask(() => {
      void flush().finally(() => {
        flushing = false;
        kick();
      });
    });
  }

  const enqueue = <R>(apply: (w: Overlay<T>) => R): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      queue.push({
        apply: apply as unknown as Queued['apply'],
        resolve: resolve as Queued['resolve'],
        reject,
      });
      kick();
    });

  return {
    all: () => (rowsCache ??= [...committed.values()]),
    get: (id) => committed.get(id),
    snapshot: () => ({ seq, rows: (rowsCache ??= [...committed.values()]) }),
    mutate: (fn) => enqueue((w) => applyMutation(w, fn)),
    change: (fn) => enqueue((w) => applyChange(w, fn)),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
