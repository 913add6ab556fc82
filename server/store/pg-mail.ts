/**
 * The mail outbox on PostgreSQL (issue 26). A change that causes mails inserts them in its own
 * transaction (writeMail: the mail table's advisory lock, ids from mail_ids, the mail table's next version,
 * a NOTIFY), so the mail commits with the change or not at all. The mail table is then a shared Table like
 * the others (pg-table.ts): every instance reads the new rows in, and the sender's claim is a batch under
 * the same advisory lock, so instances take turns and a claimed mail (state 'sending', a lease) is not due
 * for any other: each mail is sent by one instance.
 */
import type pg from 'pg';
import type { StoredMail } from '#server/core/records';
import type { Codec } from './pg-codecs';
import type { PgTableParts } from './pg-table';
import { createPgTableParts, lockKey, NOTIFY_CHANNEL } from './pg-table';
import type { MailSink } from './mail-sink';
import { mailFields } from './mail-sink';
import type { InMemoryTable } from './table';
import { createTable } from './table';

/** Every field in `extra`: the mail's shape is the contract's, not the database's. */
export const MAIL_CODEC = {
  name: 'mail',
  table: 'mail',
  columns: [{ col: 'id', field: 'id', sql: 'bigint', kind: 'number' }],
} as unknown as Codec;

export function createPgMail(
  pool: pg.Pool,
  state: { rows: StoredMail[]; version: number; seq: number },
  instanceId: string,
): {
  table: InMemoryTable<StoredMail>;
  parts: PgTableParts<StoredMail>;
  sink: MailSink;
  writeMail: (c: pg.ClientBase, mails: readonly StoredMail[]) => Promise<void>;
} {
  const parts = createPgTableParts<StoredMail>(pool, MAIL_CODEC, state.version, instanceId);
  const table = createTable<StoredMail>(
    { seq: state.seq, rows: state.rows },
    parts.persist,
    'postgres mail',
    {
      check: mailFields,
      sync: parts.sync,
    },
  );
  parts.bindPrevious(table.get);

  async function writeMail(c: pg.ClientBase, mails: readonly StoredMail[]): Promise<void> {
    await c.query('SELECT pg_advisory_xact_lock($1)', [lockKey('mail')]);
    const v = await c.query(
      "UPDATE table_state SET version = version + 1 WHERE name = 'mail' RETURNING version",
    );
    const version = Number((v.rows[0] as { version: number }).version);
    for (const m of mails) {
      const { id: _local, ...fields } = m;
      await c.query("INSERT INTO mail (id, extra, version) VALUES (nextval('mail_ids'), $1::jsonb, $2)", [
        JSON.stringify(fields),
        version,
      ]);
    }
    await c.query("UPDATE table_state SET seq = (SELECT last_value FROM mail_ids) WHERE name = 'mail'");
    // Every instance, this one too, reads the new mails in (the NOTIFY goes out at COMMIT).
    await c.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, `mail:${version}:change`]);
  }

  const sink: MailSink = {
    check: (draft) => mailFields({ ...draft, id: 1 }),
    // Placeholders for the write: the database gives the real ids (mail_ids).
    assign: (drafts) => drafts.map((d, i) => ({ ...d, id: i + 1 })),
    adopt: () => void table.refresh().catch(() => undefined),
    recover: async () => undefined,
    has: (id) => table.get(id) !== undefined,
  };
  return { table, parts, sink, writeMail };
}
