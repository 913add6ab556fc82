/**
 * One collection on PostgreSQL (issue 16): the same Table as every other adapter (table.ts: rows in
 * memory, group commit, overlay, commit after the write lands), with a shared store's batch steps.
 *
 * A batch that writes runs in one transaction holding the table's advisory lock, so batches of every
 * instance run one at a time per table, as one process's do. It first reads what other instances wrote
 * since this one last looked (`version > seen`: every write stamps its rows, tombstones and activity
 * entries with the table's next version), commits that to memory, runs the batch's functions over it,
 * writes the net changes, bumps the version, NOTIFYs the other instances and commits. The answer goes out
 * only after COMMIT, which PostgreSQL makes durable (synchronous_commit on). A refresh (another instance
 * wrote) reads the same way in a read-only snapshot, without the lock.
 */
import type pg from 'pg';
import type { Row } from '#server/core/ports';
import type { StoredActivity, StoredOrder } from '#server/core/records';
import type { Codec } from './pg-codecs';
import { rowOf, rowParams, rowsPerStatement, upsertSql } from './pg-codecs';
import { toCents } from '#contract/rules/money';
import { fromCents } from '#contract/rules/money';
import type { PendingWrite, RemoteChanges, TableSync } from './table';

export const NOTIFY_CHANNEL = 'threadline_changes';

/** A stable lock key per table (pg_advisory_xact_lock takes a bigint). */
export const lockKey = (name: string): number => {
  let h = 0x7468;
  for (const ch of name) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
};

export interface PgTableParts<T extends Row> {
  sync: TableSync<T>;
  persist: (write: PendingWrite<T>) => Promise<void>;
  /** The committed row of an id before the batch (the Table's get), so order items are written once. */
  bindPrevious(get: (id: number) => T | undefined): void;
  /** The version this instance has seen (a NOTIFY for one at or below it needs no refresh). */
  seen(): number;
}

const activityOf = (r: Record<string, unknown>): StoredActivity => ({
  id: String(r.id),
  at: String(r.at),
  actor: { id: Number(r.actor_id), name: String(r.actor_name) },
  action: r.action as StoredActivity['action'],
  entity: r.entity as StoredActivity['entity'],
  entity_id: r.entity_id === null ? null : Number(r.entity_id),
  label: String(r.label),
  changes: r.changes as StoredActivity['changes'],
});

type Item = StoredOrder['items'][number];
const itemOf = (r: Record<string, unknown>): Item => ({
  id: Number(r.id),
  product_id: Number(r.product_id),
  product_title: String(r.product_title),
  qty: Number(r.qty),
  size: String(r.size),
  color: String(r.color),
  price: fromCents(Number(r.price_cents)),
  size_id: (r.size_id ?? null) as Item['size_id'],
});

/** Rows with their order items joined back in (orders only). */
async function withItems<T>(client: pg.ClientBase, codec: Codec, rows: T[]): Promise<T[]> {
  if (codec.name !== 'orders' || !rows.length) return rows;
  const ids = rows.map((r) => (r as { id: number }).id);
  const items = await client.query(
    'SELECT * FROM order_items WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, position',
    [ids],
  );
  const byOrder = new Map<number, Item[]>();
  for (const r of items.rows as Record<string, unknown>[]) {
    const list = byOrder.get(Number(r.order_id)) ?? [];
    list.push(itemOf(r));
    byOrder.set(Number(r.order_id), list);
  }
  return rows.map((r) => ({ ...r, items: byOrder.get((r as { id: number }).id) ?? [] }));
}

/** Every row of a table and its version and seq, in the caller's transaction (the open's snapshot). */
export async function loadTable<T>(
  client: pg.ClientBase,
  codec: Codec,
): Promise<{ rows: T[]; version: number; seq: number }> {
  const state = await client.query('SELECT version, seq FROM table_state WHERE name = $1', [codec.name]);
  const result = await client.query(`SELECT * FROM ${codec.table} ORDER BY id`);
  const rows = (result.rows as Record<string, unknown>[]).map((r) => rowOf<T>(codec, r));
  const s = state.rows[0] as { version: number; seq: number };
  return { rows: await withItems(client, codec, rows), version: Number(s.version), seq: Number(s.seq) };
}

export function createPgTableParts<T extends Row>(
  pool: pg.Pool,
  codec: Codec,
  initialVersion: number,
  instanceId: string,
  /** Writes the batch's mails in its transaction (pg-mail.ts, issue 26). */
  writeMail?: (c: pg.ClientBase, mails: PendingWrite<T>['mail']) => Promise<void>,
): PgTableParts<T> {
  let seen = initialVersion;
  let client: pg.PoolClient | null = null;
  let previous: (id: number) => T | undefined = () => undefined;

  const release = (error?: Error): void => {
    client?.release(error);
    client = null;
  };
  const rollback = async (error: unknown): Promise<never> => {
    const c = client;
    if (c) await c.query('ROLLBACK').catch(() => undefined);
    release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  };

  async function changesSince(
    c: pg.ClientBase,
    from: number,
  ): Promise<RemoteChanges<T> & { version: number }> {
    const state = await c.query('SELECT version, seq FROM table_state WHERE name = $1', [codec.name]);
    const s = state.rows[0] as { version: number; seq: number };
    const version = Number(s.version);
    if (version <= from) return { put: [], removed: [], seq: Number(s.seq), log: [], version: from };
    const rows = await c.query(`SELECT * FROM ${codec.table} WHERE version > $1 ORDER BY id`, [from]);
    const tombs = await c.query('SELECT id FROM tombstones WHERE table_name = $1 AND version > $2', [
      codec.name,
      from,
    ]);
    const log = await c.query(
      'SELECT * FROM activity WHERE table_name = $1 AND version > $2 ORDER BY version, at, id',
      [codec.name, from],
    );
    const put = await withItems(
      c,
      codec,
      (rows.rows as Record<string, unknown>[]).map((r) => rowOf<T>(codec, r)),
    );
    return {
      put,
      removed: (tombs.rows as { id: number }[]).map((r) => Number(r.id)),
      seq: Number(s.seq),
      log: (log.rows as Record<string, unknown>[]).map(activityOf),
      version,
    };
  }

  async function writeItems(c: pg.ClientBase, orders: StoredOrder[]): Promise<void> {
    // Items never change after an order is placed: only new orders (or changed items) are written.
    const fresh = orders.filter((o) => (previous(o.id) as StoredOrder | undefined)?.items !== o.items);
    if (!fresh.length) return;
    await c.query('DELETE FROM order_items WHERE order_id = ANY($1::bigint[])', [fresh.map((o) => o.id)]);
    const rows = fresh.flatMap((o) => o.items.map((it, position) => ({ o, it, position })));
    for (let i = 0; i < rows.length; i += 3_000) {
      const slice = rows.slice(i, i + 3_000);
      const params: unknown[] = [];
      const values = slice.map(({ o, it, position }, r) => {
        params.push(o.id, position, it.id, it.product_id, it.product_title, it.qty, it.size, it.color);
        params.push(toCents(it.price), it.size_id === null ? null : JSON.stringify(it.size_id));
        const b = r * 10;
        return `($${b + 1}::bigint, $${b + 2}::int, $${b + 3}::bigint, $${b + 4}::bigint, $${b + 5}::text, $${b + 6}::int, $${b + 7}::text, $${b + 8}::text, $${b + 9}::bigint, $${b + 10}::jsonb)`;
      });
      await c.query(
        `INSERT INTO order_items (order_id, position, id, product_id, product_title, qty, size, color, price_cents, size_id) VALUES ${values.join(', ')}`,
        params,
      );
    }
  }

  return {
    seen: () => seen,
    bindPrevious(get) {
      previous = get;
    },
    sync: {
      async begin(write) {
        client = await pool.connect();
        try {
          if (write) {
            await client.query('BEGIN');
            await client.query('SELECT pg_advisory_xact_lock($1)', [lockKey(codec.name)]);
          } else await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
          const changes = await changesSince(client, seen);
          seen = changes.version;
          return changes;
        } catch (e) {
          return rollback(e);
        }
      },
      async end() {
        try {
          await client?.query('COMMIT');
          release();
        } catch (e) {
          await rollback(e);
        }
      },
    },
    async persist(write) {
      const c = client;
      if (!c) throw new Error(`${codec.name}: a write outside a batch`);
      const version = seen + 1;
      try {
        const puts: T[] = [];
        const removed: number[] = [];
        for (const [id, row] of write.changes) {
          if (row) puts.push(row);
          else removed.push(id);
        }
        const per = rowsPerStatement(codec);
        for (let i = 0; i < puts.length; i += per) {
          const slice = puts.slice(i, i + per);
          const params = slice.flatMap((row) => [
            ...rowParams(codec, row as unknown as Record<string, unknown>),
            version,
          ]);
          await c.query(upsertSql(codec, slice.length), params);
        }
        if (codec.name === 'orders') await writeItems(c, puts as unknown as StoredOrder[]);
        if (removed.length) {
          await c.query(`DELETE FROM ${codec.table} WHERE id = ANY($1::bigint[])`, [removed]);
          await c.query(
            `INSERT INTO tombstones (table_name, id, version) SELECT $1, unnest($2::bigint[]), $3
             ON CONFLICT (table_name, id) DO UPDATE SET version = EXCLUDED.version`,
            [codec.name, removed, version],
          );
        }
        for (const e of write.log) await insertActivity(c, e, codec.name, version);
        if (write.mail.length) {
          if (!writeMail) throw new Error(`${codec.name} keeps no mail`);
          await writeMail(c, write.mail);
        }
        await c.query('UPDATE table_state SET version = $2, seq = GREATEST(seq, $3) WHERE name = $1', [
          codec.name,
          version,
          write.seq,
        ]);
        await c.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, `${codec.name}:${version}:${instanceId}`]);
        await c.query('COMMIT');
        seen = version;
        release();
      } catch (e) {
        await rollback(e);
      }
    },
  };
}

/** One activity entry, stored with the table and version of the write it records (0: copied in). */
export function insertActivity(c: pg.ClientBase, e: StoredActivity, tableName: string, version: number) {
  return c.query(
    `INSERT INTO activity (id, table_name, version, at, actor_id, actor_name, action, entity, entity_id, label, changes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb)`,
    [
      e.id,
      tableName,
      version,
      e.at,
      e.actor.id,
      e.actor.name,
      e.action,
      e.entity,
      e.entity_id,
      e.label,
      JSON.stringify(e.changes),
    ],
  );
}
