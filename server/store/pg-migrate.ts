/**
 * Versioned SQL migrations for the PostgreSQL store (issue 16): the files in pg-migrations/, named
 * `NNN-what.sql`, applied in order at start, each in its own transaction with its row in
 * `schema_migrations`. An advisory lock makes instances that start together apply each file once.
 * A migration never changes once released; a change of schema is a new file.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';

const DIR = join(import.meta.dirname, 'pg-migrations');
const MIGRATION_LOCK = 0x74686d67;

export async function migrate(pool: pg.Pool, log: (line: string) => void = () => undefined): Promise<number[]> {
  const files = (await readdir(DIR)).filter((f) => /^\d{3}-[\w-]+\.sql$/.test(f)).sort();
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query('SELECT version FROM schema_migrations')).rows.map((r: { version: number }) => r.version),
    );
    for (const file of files) {
      const version = Number(file.slice(0, 3));
      if (done.has(version)) continue;
      const sql = await readFile(join(DIR, file), 'utf8');
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [version, file]);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${file} failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      }
      applied.push(version);
      log(`Applied database migration ${file}.`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  return applied;
}
