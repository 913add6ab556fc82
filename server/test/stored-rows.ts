/**
 * What a collection holds on disk, read the way a start reads it: the snapshot with `.journal.old` and
 * `.journal` replayed over it (server/store/journal-table.ts). For tests that look at the files
 * themselves (nothing secret stored, a role not granted).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseJournal, replay } from '#server/store/journal-replay';
import { journalFileOf, oldJournalFileOf } from '#server/store/journal-table';
import { COLLECTION_FILES } from '#server/store/lowdb-store';

type Collection = keyof typeof COLLECTION_FILES;
const text = (file: string): Promise<string> => readFile(file, 'utf8').catch(() => '');

/** Every byte stored for the collection: snapshot and journals. */
export async function storedText(dataDir: string, collection: Collection): Promise<string> {
  const file = join(dataDir, COLLECTION_FILES[collection]);
  return (await Promise.all([file, oldJournalFileOf(file), journalFileOf(file)].map(text))).join('\n');
}

export async function storedRows(
  dataDir: string,
  collection: Collection,
): Promise<Array<Record<string, unknown>>> {
  const file = join(dataDir, COLLECTION_FILES[collection]);
  const snapshot = JSON.parse((await text(file)) || '{"seq":0,"rows":[]}') as {
    seq: number;
    rows: Array<{ id: number }>;
  };
  const ops = [oldJournalFileOf(file), journalFileOf(file)];
  const all = [];
  for (const j of ops) all.push(...parseJournal(j, await text(j)).ops);
  return [...replay(snapshot, all, () => null).rows.values()] as Array<Record<string, unknown>>;
}
