/**
 * Activity entries on disk (issue 15): an entry rides in the journal line of the change it records, so
 * the two land or fail together; compactions copy entries to the archive before dropping a journal; a
 * crash at any step of that leaves every entry exactly once after the next start.
 */
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { useTempDir } from '#server/test/temp-dir';
import type { StoredActivity, StoredCategory } from '#server/core/records';
import { createActivityBook } from './activity-book';
import { ACTIVITY_FILE, openActivityArchive } from './activity-archive';
import type { JournalTableOptions } from './journal-table';
import { journalFileOf, oldJournalFileOf, openJournalTable } from './journal-table';
import { fileProblem, rowFields } from './record-schemas';

const tmp = useTempDir('threadline-activity-');
let dir: string;
let file: string;
beforeEach(() => {
  dir = tmp.path;
  file = join(dir, 'categories.json');
});

let n = 0;
const entry = (label: string): StoredActivity => ({
  id: `e-${++n}-${label}`,
  at: new Date(Date.UTC(2030, 0, 1, 0, 0, n)).toISOString(),
  actor: { id: 1, name: 'Admin' },
  action: 'create',
  entity: 'category',
  entity_id: n,
  label,
  changes: [{ field: 'name', before: null, after: label }],
});
const category = (id: number, name: string): StoredCategory => ({ id, name, slug: `c-${id}`, image: null });

/** A fresh book and archive over `dir` and the categories table, as the store opens them. */
async function openAll(extra: Partial<JournalTableOptions> = {}) {
  const book = createActivityBook();
  const archive = await openActivityArchive(join(dir, ACTIVITY_FILE), book, { report: () => undefined });
  const table = await openJournalTable<StoredCategory>({
    file,
    fileProblem,
    rowRule: { fields: (row) => rowFields('categories', row), report: () => undefined },
    onPersistError: () => undefined,
    activity: { book, archive },
    ...extra,
  });
  return { book, table };
}
type Opened = Awaited<ReturnType<typeof openAll>>;
const create = (t: Opened['table'], name: string) =>
  t.change((_get, nextId) => {
    const row = category(nextId(), name);
    return { put: [row], result: row.id, log: [entry(name)] };
  });
const labels = (book: Opened['book']) => book.all().map((e) => e.label);

it('writes an entry in the same journal line as its row, and reads it back after a restart', async () => {
  const { book, table } = await openAll();
  await create(table, 'Shirts');
  const lines = (await readFile(journalFileOf(file), 'utf8')).split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  const ops = JSON.parse(lines[0]!) as object[];
  expect(ops).toEqual([
    { put: category(1, 'Shirts') },
    { log: expect.objectContaining({ label: 'Shirts' }) },
  ]);
  expect(labels(book)).toEqual(['Shirts']);

  const again = await openAll();
  expect(labels(again.book)).toEqual(['Shirts']);
  expect(again.table.all()).toHaveLength(1);
  // The restart compacted the journal away; the entry now lives in the archive.
  expect(await readFile(journalFileOf(file), 'utf8')).toBe('');
  expect(await readFile(join(dir, ACTIVITY_FILE), 'utf8')).toContain('"Shirts"');
});

it('a failed write keeps neither the change nor its entry', async () => {
  let fail = false;
  const { book, table } = await openAll({
    beforeWrite: () => {
      if (fail) throw new Error('disk full');
    },
  });
  await create(table, 'Kept');
  fail = true;
  await expect(create(table, 'Lost')).rejects.toMatchObject({ code: 'storage_unavailable' });
  expect(labels(book)).toEqual(['Kept']);
  fail = false;
  const again = await openAll();
  expect(labels(again.book)).toEqual(['Kept']);
  expect(again.table.all().map((c) => c.name)).toEqual(['Kept']);
});

it('an entry over the limits refuses its change with a 400 and stores nothing', async () => {
  const { book, table } = await openAll();
  await expect(
    table.change((_get, nextId) => ({
      put: [category(nextId(), 'Long')],
      result: undefined,
      log: [{ ...entry('Long'), label: 'x'.repeat(5000) }],
    })),
  ).rejects.toMatchObject({ code: 'validation_failed' });
  expect(book.all()).toEqual([]);
  expect(table.all()).toEqual([]);
});

it('background compactions archive every entry first: each is there exactly once after a restart', async () => {
  const { table } = await openAll({ minCompactLines: 5 });
  const names = Array.from({ length: 40 }, (_, i) => `Cat ${i}`);
  for (const name of names) await create(table, name);
  await table.compaction();
  const again = await openAll();
  expect(labels(again.book)).toEqual(names);
  expect(again.table.all()).toHaveLength(40);
});

it('a crash between archiving and dropping `.journal.old` counts the entries once', async () => {
  const first = await openAll();
  await create(first.table, 'Twice');
  // As a crash would leave it: the entry archived, and still in the old journal being compacted.
  const line = (await readFile(journalFileOf(file), 'utf8')).trim();
  await writeFile(oldJournalFileOf(file), `${line}\n`);
  const entryLine = JSON.stringify((JSON.parse(line) as [unknown, { log: unknown }])[1].log);
  await appendFile(join(dir, ACTIVITY_FILE), `${entryLine}\n`);
  const again = await openAll();
  expect(labels(again.book)).toEqual(['Twice']);
  const third = await openAll();
  expect(labels(third.book)).toEqual(['Twice']);
});

it('drops a torn last line of the archive, and refuses to start on damage before good lines', async () => {
  const first = await openAll();
  await create(first.table, 'Whole');
  await openAll(); // moves the entry to the archive
  await appendFile(join(dir, ACTIVITY_FILE), '{"id":"torn');
  const torn = await openAll();
  expect(labels(torn.book)).toEqual(['Whole']);
  await create(torn.table, 'After');
  const again = await openAll();
  expect(labels(again.book)).toEqual(['Whole', 'After']);

  await writeFile(join(dir, ACTIVITY_FILE), `not json\n${await readFile(join(dir, ACTIVITY_FILE), 'utf8')}`);
  await expect(openAll()).rejects.toThrow(/activity\.journal is corrupt/);
});

it('a table without an activity book refuses a change that carries entries', async () => {
  const table = await openJournalTable<StoredCategory>({
    file,
    fileProblem,
    rowRule: { fields: (row) => rowFields('categories', row), report: () => undefined },
    onPersistError: () => undefined,
  });
  await expect(create(table, 'Nowhere')).rejects.toThrow(/keeps no activity entries/);
  expect(table.all()).toEqual([]);
});
