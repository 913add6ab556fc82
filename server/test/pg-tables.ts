/**
 * Test kit: every table of a PostgreSQL shop as a start would load it (rows through the codecs, order items
 * joined in, each table's seq), read in one snapshot. The fuzz run on PostgreSQL (server/http/fuzz-koa.test.ts
 * in the node-pg project) compares these before and after each answer, as the lowdb run compares its folder.
 */
import pg from 'pg';
import { TABLE_NAMES, type Row, type TableName } from '#server/core/ports';
import { CODECS } from '#server/store/pg-codecs';
import { loadTable } from '#server/store/pg-table';
// For its int8 and int8[] parsers: rows must read back as a start reads them.
import '#server/store/pg-store';

export interface PgTables {
  read(): Promise<Record<TableName, { seq: number; rows: Row[] }>>;
  close(): Promise<void>;
}

/** One connection kept open for the reads, so thousands of snapshots do not open thousands of connections. */
export async function openPgTables(url: string): Promise<PgTables> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async read() {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        const out: Partial<Record<TableName, { seq: number; rows: Row[] }>> = {};
        for (const name of TABLE_NAMES) {
          const t = await loadTable<Row>(client, CODECS[name]);
          out[name] = { seq: t.seq, rows: t.rows };
        }
        return out as Record<TableName, { seq: number; rows: Row[] }>;
      } finally {
        await client.query('COMMIT');
      }
    },
    close: () => client.end(),
  };
}
