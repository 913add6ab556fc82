/**
 * The PostgreSQL adapter (issue 16), chosen by DATABASE_URL: the same Stores as the lowdb files, so the
 * core does not know which one it runs on. Each instance keeps every row in memory (the core's reads
 * are synchronous, and the catalogue read model and answer caches are built over them) and writes
 * through transactions (pg-table.ts). Instances hear each other's writes through LISTEN/NOTIFY and catch
 * up at once; every write batch catches up first anyway, under the table's lock, so no write works from
 * a stale row.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TABLE_NAMES, type Row, type Stores, type TableName } from '#server/core/ports';
import { createPgThrottles } from './pg-throttles';
import { createActivityBook, activityFields } from './activity-book';
import { CODECS } from './pg-codecs';
import { migrate } from './pg-migrate';
import type { PgTableParts } from './pg-table';
import { createPgTableParts, loadTable, NOTIFY_CHANNEL } from './pg-table';
import { rowFields } from './record-schemas';
import type { InMemoryTable } from './table';
import { createTable } from './table';
import type { StoredMail } from '#server/core/records';
import { createPgMail, MAIL_CODEC } from './pg-mail';

// int8 (ids, cents, versions) as numbers: every value the shop stores is far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
// int8[] (category ids) likewise, read with the text[] parser (OIDs 1016 and 1009).
type TypeId = Parameters<typeof pg.types.setTypeParser>[0];
const parseTextArray = pg.types.getTypeParser(1009 as TypeId) as (v: string) => string[];
pg.types.setTypeParser(1016 as TypeId, (v: string) => parseTextArray(v).map(Number));

export interface PgStores extends Stores {
  /** Stops listening and closes the pool (tests, shutdown). */
  close(): Promise<void>;
  /** The connection pool, for readiness (`SELECT 1`) and the pool metrics. */
  pool: pg.Pool;
  /** This instance's id in NOTIFY payloads. */
  instanceId: string;
  /**
   * Runs `fn` while no other instance runs its own (a session advisory lock), after catching up with
   * every table: the start's first-admin and demo steps, so instances starting together on an empty
   * database create one admin and one demo catalogue.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Deletes the activity rows past ACTIVITY_RETENTION_DAYS and drops them from the log in memory; how many
   * went (the larger count of the two: another instance may have deleted the rows first; 0 without retention).
   */
  compactActivity(): Promise<number>;
}

const START_LOCK = 0x74687374;

export interface PgStoreOptions {
  /** Connections per instance (default 10). */
  poolSize?: number;
  log?: (line: string) => void;
  /** ACTIVITY_RETENTION_DAYS: activity rows older than this are deleted at open and by compactActivity. */
  activityRetentionDays?: number;
}

const TABLES = TABLE_NAMES;

export async function openPgStores(url: string, options: PgStoreOptions = {}): Promise<PgStores> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // An idle client's error (the server restarted) must not crash the process; the next query reconnects.
  pool.on('error', (e) => console.error('[store] PostgreSQL connection error:', e.message));
  await migrate(pool, options.log);
  const days = options.activityRetentionDays;
  const retainFrom = () => (days ? new Date(Date.now() - days * 86_400_000).toISOString() : undefined);
  // `at` is an ISO time in text, so text order is time order (the activity_at index serves it).
  const deleteExpired = async (): Promise<number> => {
    const cutoff = retainFrom();
    if (cutoff === undefined) return 0;
    return (await pool.query('DELETE FROM activity WHERE at < $1', [cutoff])).rowCount ?? 0;
  };
  // Before the load, so the log the core reads starts within the retention.
  const dropped = await deleteExpired();
  if (dropped) options.log?.(`Activity retention: ${dropped} entries older than ${days} days dropped.`);
  const instanceId = randomBytes(6).toString('hex');
  const book = createActivityBook();

  // One snapshot for every table, so the rows loaded agree with each other.
  const client = await pool.connect();
  const loaded = new Map<TableName, { rows: Row[]; version: number; seq: number }>();
  let mailState: { rows: StoredMail[]; version: number; seq: number } | undefined;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    for (const name of TABLES) loaded.set(name, await loadTable<Row>(client, CODECS[name]));
    mailState = await loadTable<StoredMail>(client, MAIL_CODEC);
    const log = await client.query('SELECT * FROM activity ORDER BY at, id');
    book.add(
      (log.rows as Record<string, unknown>[]).map((r) => ({
        id: String(r.id),
        at: String(r.at),
        actor: { id: Number(r.actor_id), name: String(r.actor_name) },
        action: r.action as never,
        entity: r.entity as never,
        entity_id: r.entity_id === null ? null : Number(r.entity_id),
        label: String(r.label),
        changes: r.changes as never,
      })),
    );
    await client.query('COMMIT');
  } finally {
    client.release();
  }

  const parts = new Map<TableName, PgTableParts<Row>>();
  const tables = new Map<TableName, InMemoryTable<Row>>();
  // The outbox (issue 26, pg-mail.ts): mails go in the transaction of the change that causes them.
  const mail = createPgMail(pool, mailState!, instanceId);
  parts.set('mail' as TableName, mail.parts as unknown as PgTableParts<Row>);
  tables.set('mail' as TableName, mail.table as unknown as InMemoryTable<Row>);
  for (const name of TABLES) {
    const state = loaded.get(name)!;
    const p = createPgTableParts<Row>(pool, CODECS[name], state.version, instanceId, mail.writeMail);
    const table = createTable<Row>({ seq: state.seq, rows: state.rows }, p.persist, `postgres ${name}`, {
      check: (row) => rowFields(name, row),
      onLog: book.add,
      checkLog: activityFields,
      sync: p.sync,
      mail: mail.sink,
    });
    p.bindPrevious(table.get);
    parts.set(name, p);
    tables.set(name, table);
  }

  // Other instances' writes: `table:version:instance`; ours and ones already seen need nothing.
  const listener = new pg.Client({ connectionString: url });
  let closing = false;
  const listen = async (): Promise<void> => {
    await listener.connect();
    await listener.query(`LISTEN ${NOTIFY_CHANNEL}`);
  };
  listener.on('notification', (msg) => {
    const [name, version, from] = (msg.payload ?? '').split(':');
    const p = parts.get(name as TableName);
    if (!p || from === instanceId || Number(version) <= p.seen()) return;
    void tables
      .get(name as TableName)!
      .refresh()
      .catch(() => undefined);
  });
  listener.on('error', (e) => {
    if (!closing) console.error('[store] PostgreSQL LISTEN connection error:', e.message);
  });
  await listen();

  const throttles = createPgThrottles(pool);
  const t = <T extends Row>(name: TableName) => tables.get(name) as unknown as InMemoryTable<T>;
  return {
    categories: t('categories'),
    products: t('products'),
    users: t('users'),
    sessions: t('sessions'),
    orders: t('orders'),
    wishlist: t('wishlist'),
    stockRequests: t('stockRequests'),
    notifications: t('notifications'),
    activity: book,
    mail: mail.table,
    throttles,
    instanceId,
    pool,
    async compactActivity() {
      const rows = await deleteExpired();
      const cutoff = retainFrom();
      return Math.max(rows, cutoff ? book.prune(cutoff) : 0);
    },
    async exclusive(fn) {
      const holder = await pool.connect();
      try {
        await holder.query('SELECT pg_advisory_lock($1)', [START_LOCK]);
        await Promise.all([...tables.values()].map((table) => table.refresh()));
        return await fn();
      } finally {
        await holder.query('SELECT pg_advisory_unlock($1)', [START_LOCK]).catch(() => undefined);
        holder.release();
      }
    },
    async close() {
      if (closing) return;
      closing = true;
      throttles.close();
      await listener.end().catch(() => undefined);
      await pool.end();
    },
  };
}
