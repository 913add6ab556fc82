/**
 * What a collection holds in storage, read the way a start reads it: on disk, the snapshot with
 * `.journal.old` and `.journal` replayed over it (server/store/journal-table.ts); on PostgreSQL, the
 * table's rows (the node-pg test project). For tests that look at storage itself (nothing secret
 * stored, a role not granted).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { CODECS } from '#server/store/pg-codecs';
import { parseJournal, replay } from '#server/store/journal-replay';
import { journalFileOf, oldJournalFileOf } from '#server/store/journal-table';
import { COLLECTION_FILES } from '#server/store/lowdb-store';

type Collection = keyof typeof COLLECTION_FILES;
const text = (file: string): Promise<string> => readFile(file, 'utf8').catch(() => '');

/** Where a test server keeps its data: its folder, and its database when it runs on PostgreSQL. */
export interface StorageOf {
  dataDir: string;
  databaseUrl?: string;
}

async function tableRows(url: string, collection: Collection): Promise<Array<Record<string, unknown>>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(`SELECT * FROM ${CODECS[collection].table} ORDER BY id`)).rows as Array<
      Record<string, unknown>
    >;
  } finally {
    await client.end();
  }
}

/** Every byte stored for the collection: snapshot and journals, or the table's rows. */
export async function storedText(at: StorageOf, collection: Collection): Promise<string> {
  if (at.databaseUrl) return JSON.stringify(await tableRows(at.databaseUrl, collection));
  const file = join(at.dataDir, COLLECTION_FILES[collection]);
  return (await Promise.all([file, oldJournalFileOf(file), journalFileOf(file)].map(text))).join('\n');
}

export async function storedRows(at: StorageOf, collection: Collection): Promise<Array<Record<string, unknown>>> {
  if (at.databaseUrl) return tableRows(at.databaseUrl, collection);
  const file = join(at.dataDir, COLLECTION_FILES[collection]);
  const snapshot = JSON.parse((await text(file)) || '{"seq":0,"rows":[]}') as {
    seq: number;
    rows: Array<{ id: number }>;
  };
  const ops = [oldJournalFileOf(file), journalFileOf(file)];
  const all = [];
  for (const j of ops) all.push(...parseJournal(j, await text(j)).ops);
  return [...replay(snapshot, all, () => null).rows.values()] as Array<Record<string, unknown>>;
}
