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
import { DomainError, validationFailed } from '#server/core/api/errors';
import type { Commit, Mutation, Row, RowChange, Table } from '#server/core/ports';
import type { MailDraft, StoredActivity, StoredMail } from '#server/core/records';
import type { MailSink } from './mail-sink';

/**
 * Which request a change is asked for: the Node server installs its reader (request-origin.ts); the
 * browser's tables (mock-api) have none, so this file stays free of Node.
 */
let currentRequestId: () => string | undefined = () => undefined;
export const readRequestIdWith = (read: () => string | undefined): void => {
  currentRequestId = read;
};

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
  /** Activity entries the batch's changes carry: they must land in the same write (or not at all). */
  log: readonly StoredActivity[];
  /** Mails the batch's changes cause, with their ids (issue 26): the same write holds them. */
  mail: readonly StoredMail[];
}

export type Persist<T> = (write: PendingWrite<T>) => Promise<void>;

/** What other instances changed since this one last looked (a shared store, e.g. PostgreSQL). */
export interface RemoteChanges<T> {
  put: readonly T[];
  removed: readonly number[];
  /** The table's highest id handed out anywhere, so nextId never repeats another instance's. */
  seq: number;
  log: readonly StoredActivity[];
}

/**
 * A shared store's side of each batch (pg-table.ts). `begin` runs before the batch's functions: it takes
 * the table's lock for the batch and returns what other instances changed since, which is committed
 * first, so the functions see every landed row. `persist` then writes and ends the batch; a batch that
 * writes nothing ends with `end`. So batches of all instances run one at a time per table, each seeing
 * the others' rows, as the batches of one process do.
 */
export interface TableSync<T> {
  /** `write` false: a batch that only catches up (refresh), which needs no lock. */
  begin(write: boolean): Promise<RemoteChanges<T>>;
  end(): Promise<void>;
}

export interface InMemoryTable<T extends Row> extends Table<T> {
  /** The committed state, as the single-file adapter writes it. */
  snapshot(): TableState<T>;
  /** Shared stores: catches up with what other instances wrote (a no-op on a store of its own). */
  refresh(): Promise<void>;
}

const logPersistError = (label: string, cause: unknown): void => {
  console.error(
    `[store] write to ${label} failed; the change was rolled back:`,
    cause instanceof Error ? cause.message : cause,
  );
};

interface Queued {
  /** A refresh: changes nothing, only makes a batch run (so a shared store catches up). */
  refresh?: boolean;
  apply: (w: Overlay<Row>) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** The batch being built: committed rows seen through the changes queued so far. */
class Overlay<T extends Row> {
  readonly changes = new Map<number, T | null>();
  readonly log: StoredActivity[] = [];
  readonly mail: MailDraft[] = [];
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
  /**
   * Where the activity entries of each landed write go (the store's activity book). A table without
   * it refuses a change that carries entries: it has nowhere to keep them.
   */
  onLog?: (entries: readonly StoredActivity[]) => void;
  /** The activity entry rule, applied like the row rule: a breaking entry fails its change with a 400. */
  checkLog?: (entry: unknown) => Record<string, string> | null;
  /** A shared store (several instances over one database); see TableSync. */
  sync?: TableSync<Row>;
  /** Where the mails a change causes go once its write has landed (a table without it refuses them). */
  mail?: MailSink;
}

export function createTable<T extends Row>(
  initial: TableState<T>,
  persist: Persist<T>,
  label = 'table',
  { check, onPersistError = logPersistError, onLog, checkLog, sync: anySync, mail: sink }: TableOptions = {},
): InMemoryTable<T> {
  const loaded = rowsById(initial);
  const committed = loaded.rows;
  let seq = loaded.seq;
  let rowsCache: T[] | undefined;
  const listeners = new Set<(commit: Commit<T>) => void>();
  const queue: Queued[] = [];
  let flushing = false;
  const sync = anySync as TableSync<T> | undefined;

  const assertStorable = (rows: Iterable<T>): void => {
    if (!check) return;
    for (const row of rows) {
      const fields = check(row);
      if (fields) throw validationFailed(fields, "This change would store values over the shop's limits");
    }
  };

  const assertLoggable = (log: readonly StoredActivity[] | undefined): void => {
    if (!log?.length) return;
    if (!onLog) throw new Error(`${label} keeps no activity entries`);
    for (const entry of log) {
      const fields = checkLog?.(entry);
      if (fields) throw validationFailed(fields, "This change's activity entry is over the shop's limits");
    }
  };

  const assertMailable = (mail: readonly MailDraft[] | undefined): void => {
    if (!mail?.length) return;
    if (!sink) throw new Error(`${label} keeps no mail`);
    for (const draft of mail) {
      const fields = sink.check(draft);
      if (fields) throw validationFailed(fields, "This change's mail is over the shop's limits");
    }
  };

  const putRow = (w: Overlay<T>, row: T, nextSeq: number): number => {
    w.changes.set(row.id, row);
    // Rows inserted with their own ids (seeding) must never be handed out again by nextId.
    return Math.max(nextSeq, row.id);
  };

  /** The mails keep the id of the request that asked for the change (request-origin.ts). */
  const stamped = (mail: readonly MailDraft[], requestId: string | undefined): readonly MailDraft[] =>
    requestId ? mail.map((m) => ({ ...m, request_id: requestId })) : mail;

  function applyChange<R>(
    w: Overlay<T>,
    fn: Parameters<Table<T>['change']>[0],
    requestId: string | undefined,
  ): R {
    let s = w.seq;
    const out = fn(w.get, () => ++s) as RowChange<T, R>;
    assertStorable(out.put ?? []);
    assertLoggable(out.log);
    assertMailable(out.mail);
    if (out.log) w.log.push(...out.log);
    if (out.mail) w.mail.push(...stamped(out.mail, requestId));
    for (const id of out.remove ?? []) if (w.get(id)) w.changes.set(id, null);
    for (const row of out.put ?? []) s = putRow(w, row, s);
    w.seq = s;
    return out.result;
  }

  function applyMutation<R>(
    w: Overlay<T>,
    fn: (rows: readonly T[], nextId: () => number) => Mutation<T, R>,
    requestId: string | undefined,
  ): R {
    let s = w.seq;
    const before = w.rows();
    const { rows, result, log, mail } = fn(before, () => ++s);
    assertLoggable(log);
    assertMailable(mail);
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
    if (log) w.log.push(...log);
    if (mail) w.mail.push(...stamped(mail, requestId));
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
    if (w.log.length) onLog?.(w.log);
    for (const l of listeners) {
      try {
        l({ put, removed });
      } catch (e) {
        console.error(`[store] a subscriber of ${label} failed:`, e);
      }
    }
  }

  /** Other instances' changes, committed as if this process had made them (indexes hear of them too). */
  function commitRemote(remote: RemoteChanges<T>): void {
    const w = new Overlay<T>(committed, Math.max(seq, remote.seq));
    for (const id of remote.removed) if (committed.has(id)) w.changes.set(id, null);
    for (const row of remote.put) w.changes.set(row.id, row);
    w.log.push(...remote.log);
    if (w.changes.size || w.log.length || w.seq !== seq) commit(w);
  }

  async function flush(): Promise<void> {
    const batch = queue.splice(0);
    if (sync) {
      try {
        commitRemote(await sync.begin(batch.some((q) => !q.refresh)));
      } catch (cause) {
        onPersistError(label, cause);
        const error = new DomainError(
          'storage_unavailable',
          'Storage is unavailable; nothing was changed, please retry',
        );
        for (const q of batch) q.reject(error);
        return;
      }
    }
    const w = new Overlay<T>(committed, seq);
    // A function that throws does so before touching the overlay, so it leaves nothing behind.
    const outcomes: Outcome[] = batch.map((q) => {
      try {
        return { ok: true, value: q.apply(w as unknown as Overlay<Row>) };
      } catch (error) {
        return { ok: false, error };
      }
    });
    if (w.changes.size > 0 || w.seq !== seq || w.log.length > 0 || w.mail.length > 0) {
      // Ids are given before the write so it can hold them; a failed write only leaves a gap.
      const mail = w.mail.length && sink ? sink.assign(w.mail) : [];
      try {
        await persist({
          seq: w.seq,
          changes: w.changes,
          get: w.get,
          rows: () => w.rows(),
          log: w.log,
          mail,
        });
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
      if (mail.length) sink?.adopt(mail);
    } else if (sync) {
      await sync.end().catch((cause: unknown) => onPersistError(label, cause));
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

  const enqueue = <R>(apply: (w: Overlay<T>) => R, refresh = false): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      queue.push({
        refresh,
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
    mutate: (fn) => {
      const requestId = currentRequestId();
      return enqueue((w) => applyMutation(w, fn, requestId));
    },
    change: (fn) => {
      const requestId = currentRequestId();
      return enqueue((w) => applyChange(w, fn, requestId));
    },
    refresh: () => (sync ? enqueue(() => undefined, true) : Promise.resolve()),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
