/**
 * Moving a shop from the lowdb files to PostgreSQL (issue 16):
 *   npm run migrate-data -- --from ./data --to "$DATABASE_URL"
 * Copies every collection (catalogue, users, sessions, orders with their items, wishlists, back-in-stock
 * requests, notifications) and the activity log into an EMPTY database, keeps each table's next id,
 * then opens the database afresh and checks every count and every row against the source. The source
 * folder is claimed like a server claims it, so a running server is never copied mid-write. Images stay
 * files: point the instances' DATA_DIR at the same uploads/ folder (a shared volume).
 * All or nothing (issue 24): every row is checked against the row rules before anything is copied, and the
 * rows to fix are named; a copy that fails half-way empties the database again.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import pg from 'pg';
import type { Row, Stores, Table, TableName } from '#server/core/ports';
import { lockDataDir } from '#server/store/data-dir-lock';
import { CODECS } from '#server/store/pg-codecs';
import { openPgStores } from '#server/store/pg-store';
import { insertActivity } from '#server/store/pg-table';
import { openCheckedSource } from './migrate-source';

const TABLES = Object.keys(CODECS) as TableName[];
/** Rows per transaction: a million orders go in slices, not one giant batch. */
const SLICE = 2_000;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  const from = values.from && resolve(values.from);
  const to = values.to ?? process.env.DATABASE_URL;
  if (!from || !to) {
    console.error('Usage: npm run migrate-data -- --from ./data --to postgres://user@host/db');
    return 2;
  }
  if (!existsSync(from)) {
    console.error(`No data folder at ${from}.`);
    return 2;
  }
  const lock = lockDataDir(from);
  try {
    const checked = await openCheckedSource(from);
    try {
      if (checked.problems.length) {
        console.error(
          `${checked.problems.length} rows break the shop's rules; fix them in ${from} and run again. Nothing was copied.`,
        );
        for (const p of checked.problems) console.error(`  ${p}`);
        return 1;
      }
      const source = checked.stores;
      const target = await openPgStores(to, { log: (l) => console.log(l) });
      try {
        const busy = TABLES.filter((t) => target[t].all().length > 0);
        if (busy.length || target.activity.all().length) {
          console.error(`The database is not empty (${busy.join(', ') || 'activity'}): nothing was copied.`);
          return 1;
        }
        try {
          for (const name of TABLES) await copyTable(source, target, name);
          await copyActivity(source, to);
          await keepNextIds(source, to);
        } catch (e) {
          await emptyDatabase(to);
          console.error('The copy failed; the database was emptied again, nothing was copied.');
          throw e;
        }
      } finally {
        await target.close();
      }
      return await verify(source, to);
    } finally {
      await checked.dispose();
    }
  } finally {
    lock.release();
  }
}

/** Back to the empty database the copy started from (it refuses any other). */
async function emptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = [...TABLES.map((t) => CODECS[t].table), 'order_items', 'tombstones', 'activity'];
    await client.query('BEGIN');
    await client.query(`TRUNCATE ${tables.join(', ')}`);
    await client.query('UPDATE table_state SET version = 0, seq = 0');
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

async function copyTable(source: Stores, target: Stores, name: TableName): Promise<void> {
  const rows = source[name].all() as readonly Row[];
  const table = target[name] as unknown as Table<Row>;
  for (let i = 0; i < rows.length; i += SLICE) {
    const slice = rows.slice(i, i + SLICE);
    await table.change(() => ({ put: slice, result: undefined }));
  }
  console.log(`  ${name}: ${rows.length} rows`);
}

async function copyActivity(source: Stores, url: string): Promise<void> {
  const entries = source.activity.all();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    for (const e of entries)
      await insertActivity(
        client,
        e,
        e.entity === 'category' ? 'categories' : e.entity === 'order' ? 'orders' : 'products',
        0,
      );
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
  console.log(`  activity: ${entries.length} entries`);
}

/** An id handed out and deleted in the source is never handed out again in the database either. */
async function keepNextIds(source: Stores, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const name of TABLES) {
      const seq = (source[name] as unknown as { snapshot?: () => { seq: number } }).snapshot?.().seq ?? 0;
      await client.query('UPDATE table_state SET seq = GREATEST(seq, $2) WHERE name = $1', [name, seq]);
    }
  } finally {
    await client.end();
  }
}

/** Every table holds the same rows as the source, read back through a fresh open. */
async function verify(source: Stores, url: string): Promise<number> {
  const copy = await openPgStores(url);
  try {
    let ok = true;
    for (const name of TABLES) {
      const a = source[name].all() as readonly Row[];
      const b = new Map((copy[name].all() as readonly Row[]).map((r) => [r.id, r]));
      const plain = (r: unknown): unknown => JSON.parse(JSON.stringify(r ?? null));
      const differing = a.filter((r) => !isDeepStrictEqual(plain(r), plain(b.get(r.id))));
      const same = a.length === b.size && differing.length === 0;
      ok &&= same;
      console.log(
        `${same ? 'ok  ' : 'DIFF'} ${name}: ${a.length} in the files, ${b.size} in the database${differing.length ? `, ${differing.length} rows differ (first id ${differing[0]!.id})` : ''}`,
      );
    }
    const entries = copy.activity.all().length;
    ok &&= entries === source.activity.all().length;
    console.log(`${entries === source.activity.all().length ? 'ok  ' : 'DIFF'} activity: ${entries} entries`);
    console.log(
      ok ? 'The database holds the shop. Images stay in DATA_DIR/uploads.' : 'The copy differs: see above.',
    );
    return ok ? 0 : 1;
  } finally {
    await copy.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
