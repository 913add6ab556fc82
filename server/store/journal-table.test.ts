/** The append-only table adapter: a line per batch, replay, torn tails, background compaction, rollback. */
import { appendFile, cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredSession } from '#server/core/records';
import { CorruptDataFileError } from './lowdb-durable-file';
import type { JournalTableOptions } from './journal-table';
import { journalFileOf, oldJournalFileOf, openJournalTable } from './journal-table';
import { fileProblem, rowFields } from './record-schemas';

let dir: string;
let file: string;
let journal: string;
let oldJournal: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'threadline-journal-'));
  file = join(dir, 'sessions.json');
  journal = journalFileOf(file);
  oldJournal = oldJournalFileOf(file);
});
const exists = (f: string) =>
  stat(f).then(
    () => true,
    () => false,
  );
/** A gate a test opens when it wants a held write to go on. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}
afterEach(() => rm(dir, { recursive: true, force: true }));

const open = (extra: Partial<JournalTableOptions> = {}) =>
  openJournalTable<StoredSession>({
    file,
    fileProblem,
    rowRule: { fields: (row) => rowFields('sessions', row), report: () => undefined },
    onPersistError: () => undefined,
    ...extra,
  });

const session = (id: number, userId = 1): StoredSession => ({
  id,
  user_id: userId,
  token_hash: `hash-${id}`.padEnd(64, '0'),
  created_at: '2030-01-01T00:00:00.000Z',
  expires_at: '2030-01-08T00:00:00.000Z',
});

type Table = Awaited<ReturnType<typeof open>>;
const add = (t: Table, userId = 1) =>
  t.change((_get, nextId) => {
    const s = session(nextId(), userId);
    return { put: [s], result: s.id };
  });
const del = (t: Table, id: number) => t.change(() => ({ remove: [id], result: undefined }));
const lines = async () => (await readFile(journal, 'utf8')).split('\n').filter(Boolean);

describe('journal table', () => {
  it('each change appends its lines; the snapshot is not rewritten', async () => {
    const t = await open();
    const snap = await stat(file);
    const id = await add(t);
    expect(await lines()).toEqual([JSON.stringify({ put: session(id) })]);
    await del(t, id);
    expect((await lines())[1]).toBe(JSON.stringify({ del: id }));
    const after = await stat(file);
    expect([after.size, after.mtimeMs]).toEqual([snap.size, snap.mtimeMs]);
  });

  it('a reopen replays the journal over the snapshot, then compacts it', async () => {
    const t = await open();
    const a = await add(t);
    const b = await add(t, 2);
    await del(t, a);
    const c = await add(t);
    await del(t, c); // the highest id is gone, yet must never be handed out again
    const again = await open();
    expect(again.all()).toEqual([session(b, 2)]);
    expect(await lines()).toEqual([]);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ seq: c, rows: [session(b, 2)] });
    expect(await add(again)).toBe(c + 1);
  });

  it('a torn last line (a crash mid-append) is dropped; the lines before it count', async () => {
    const t = await open();
    await add(t);
    await appendFile(journal, '{"put":{"id":2,"user_id":1,"tok');
    const again = await open();
    expect(again.all().map((s) => s.id)).toEqual([1]);
    expect(await lines()).toEqual([]);
  });

  it('an unreadable line with good lines after it is damage: the start stops and the files stay', async () => {
    const t = await open();
    await add(t);
    await appendFile(journal, 'garbage\n');
    await add(t);
    const before = await readFile(journal, 'utf8');
    const err = await open().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CorruptDataFileError);
    expect((err as Error).message).toContain(journal);
    expect(await readFile(journal, 'utf8')).toBe(before);
  });

  it('a journal row that breaks the row rule is quarantined, not loaded', async () => {
    await open();
    await writeFile(
      journal,
      `${JSON.stringify({ put: session(1) })}\n${JSON.stringify({ put: { id: 2, user_id: 'x' } })}\n`,
    );
    const again = await open();
    expect(again.all().map((s) => s.id)).toEqual([1]);
    expect(await readFile(`${file}.quarantine.jsonl`, 'utf8')).toContain('"user_id":"x"');
  });

  it('past max(minimum, 2 × live rows) lines the journal is folded into the snapshot', async () => {
    const t = await open({ minCompactLines: 4 });
    await add(t);
    await add(t);
    await del(t, 1);
    await del(t, 2);
    expect(await lines()).toHaveLength(4); // 4 lines, not more than max(4, 0)
    await add(t); // 5 lines > max(4, 2 × 1 live row)
    await t.compaction();
    expect(await lines()).toEqual([]);
    expect(await exists(oldJournal)).toBe(false);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ seq: 3, rows: [session(3)] });
    await add(t);
    expect(await lines()).toHaveLength(1);
    expect((await open()).all().map((s) => s.id)).toEqual([3, 4]);
  });

  it('the live-row term keeps compactions proportional: a big table is not rewritten every few lines', async () => {
    const t = await open({ minCompactLines: 2 });
    for (let i = 0; i < 10; i++) await add(t);
    const snap = await stat(file);
    // 10 live rows: up to 20 lines may gather before the snapshot is rewritten again.
    for (let i = 0; i < 5; i++) await add(t);
    expect((await stat(file)).mtimeMs).toBe(snap.mtimeMs);
  });

  it('a failed append is rolled back in memory and on disk, and the next write works', async () => {
    let failing = false;
    const t = await open({
      beforeWrite: (f) => {
        if (failing && f === journal) throw new Error('ENOSPC: simulated');
      },
    });
    await add(t);
    failing = true;
    await expect(add(t)).rejects.toMatchObject({ code: 'storage_unavailable' });
    expect(t.all().map((s) => s.id)).toEqual([1]);
    expect(await lines()).toHaveLength(1);
    failing = false;
    expect(await add(t)).toBe(2);
    expect((await open()).all().map((s) => s.id)).toEqual([1, 2]);
  });

  it('a batch of several rows is one line, so a torn batch is dropped whole', async () => {
    const t = await open();
    await Promise.all([add(t), add(t), add(t)]);
    const [line] = await lines();
    expect(JSON.parse(line!)).toEqual([{ put: session(1) }, { put: session(2) }, { put: session(3) }]);
    await appendFile(journal, JSON.stringify([{ put: session(4) }, { put: session(5) }]).slice(0, 60));
    expect((await open()).all().map((s) => s.id)).toEqual([1, 2, 3]);
  });

  it('writes made while a compaction runs go to the new journal and survive a crash or a restart', async () => {
    const held = gate();
    let hold = false;
    const t = await open({
      minCompactLines: 2,
      beforeWrite: async (f) => {
        if (hold && f === file) await held.opened;
      },
    });
    hold = true;
    await add(t);
    await add(t);
    await del(t, 1); // 3 ops > max(2, 2 × 1 live row): the journal is set aside and the snapshot waits
    expect(await exists(oldJournal)).toBe(true);
    const during = await add(t);
    expect(await lines()).toHaveLength(1);
    // A crash now: the old snapshot, the old journal and the new journal together are the state.
    const crashDir = await mkdtemp(join(tmpdir(), 'threadline-journal-crash-'));
    await cp(dir, crashDir, { recursive: true });
    const crashed = await openJournalTable<StoredSession>({
      file: join(crashDir, 'sessions.json'),
      fileProblem,
      rowRule: { fields: (row) => rowFields('sessions', row), report: () => undefined },
    });
    expect(crashed.all().map((s) => s.id)).toEqual([2, during]);
    await rm(crashDir, { recursive: true, force: true });
    hold = false;
    held.open();
    await t.compaction();
    expect(await exists(oldJournal)).toBe(false);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ seq: 2, rows: [session(2)] });
    expect((await open()).all().map((s) => s.id)).toEqual([2, during]);
  });

  it('a snapshot that landed before the old journal was deleted replays to the same rows', async () => {
    const t = await open();
    const a = await add(t);
    const b = await add(t, 2);
    await del(t, a);
    // As if a compaction had written the snapshot and the process died before removing the old journal.
    await writeFile(oldJournal, await readFile(journal, 'utf8'));
    await writeFile(file, JSON.stringify({ seq: b, rows: [session(b, 2)] }));
    await writeFile(journal, `${JSON.stringify({ put: session(b + 1) })}\n`);
    const again = await open();
    expect(again.all()).toEqual([session(b, 2), session(b + 1)]);
    expect(await exists(oldJournal)).toBe(false);
    expect(await lines()).toEqual([]);
  });

  it('a failed background snapshot keeps every op and is retried at a later write', async () => {
    let failSnapshot = false;
    const t = await open({
      minCompactLines: 2,
      beforeWrite: (f) => {
        if (failSnapshot && f === file) throw new Error('ENOSPC: simulated');
      },
    });
    failSnapshot = true;
    await add(t);
    await add(t);
    await del(t, 1);
    await t.compaction();
    expect(await exists(oldJournal)).toBe(true);
    failSnapshot = false;
    await add(t); // retried here
    await t.compaction();
    expect(await exists(oldJournal)).toBe(false);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ seq: 2, rows: [session(2)] });
    expect((await open()).all().map((s) => s.id)).toEqual([2, 3]);
  });
});
