/**
 * The append-only adapter behind every catalogue collection (categories, products, users) and the
 * sessions: one change writes what changed, whatever the number of rows. On disk:
 *   <name>.json          snapshot `{ seq, rows }` (temp file, fsync, rename, fsync the folder)
 *   <name>.journal       the changes since the snapshot, a line per group-committed batch of the Table
 *                        (table.ts): one op `{"put":row}` | `{"del":id}` | `{"seq":n}` | `{"log":entry}`,
 *                        or an array of them when the batch changed several rows. Appended and fsynced
 *                        before the batch is acknowledged; a failed append is cut back off and rolled
 *                        back. A `log` op is an activity entry of the admin write in the same line.
 *   <name>.journal.old   only while a compaction runs: the journal the new snapshot is being made of.
 * One line per batch makes a batch atomic on disk too: a crash mid-append leaves a torn last line,
 * dropped at the next start as the never-acknowledged write it is (journal-replay.ts).
 *
 * Compaction keeps the journal, and the next start's replay, in proportion to the live rows. Once the
 * journal holds more than max(1000, 2 × live rows) ops, the write that crossed the line renames it to
 * `.journal.old` and starts an empty one, so later batches append as usual; the snapshot of the state at
 * the rename is then written in the background, in slices that yield to requests, and `.journal.old` is
 * deleted once it has landed. At open the snapshot, `.journal.old` and `.journal` are replayed in that
 * order: replaying ops the snapshot already holds gives the same rows, so a crash at any step of a
 * compaction loses nothing. The open compacts too (in the same way, but awaited) when there is anything
 * to replay.
 *
 * Activity entries (activity-book.ts) live in the journal line of their change until a compaction drops
 * that journal; every compaction first copies the entries of what it drops to the activity archive.
 * Mails (`{"mail":row}`, issue 26) ride the same way; they move to the mail table once their line has
 * landed, and at open those the mail table lacks are put there before the journal is compacted.
 */
import { open, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Row } from '#server/core/ports';
import type { JournalOp } from './journal-replay';
import { parseJournal, replay } from './journal-replay';
import type { BeforeWrite, RowRule } from './lowdb-durable-file';
import { DurableJsonFile, fsyncDir, writeFileDurably } from './lowdb-durable-file';
import { quarantineRows } from './journal-quarantine';
import { rowJson } from './row-json';
import type { ActivityBook } from './activity-book';
import type { ActivityArchive } from './activity-archive';
import { activityFields, checkedEntries } from './activity-book';
import type { StoredActivity } from '#server/core/records';
import type { InMemoryTable, PendingWrite, TableOptions, TableState } from './table';
import { createTable } from './table';
import type { MailSink } from './mail-sink';
import { checkedMails } from './mail-sink';

export const JOURNAL_MIN_COMPACT_LINES = 1000;
/** Rows serialised per slice of a background snapshot: about a millisecond of work at 1 kB a row. */
const SNAPSHOT_SLICE_ROWS = 500;

export interface JournalTableOptions {
  /** The snapshot file, e.g. DATA_DIR/sessions.json; the journal is the same name with `.journal`. */
  file: string;
  /** What the snapshot must look like as a whole (record-schemas.ts fileProblem). */
  fileProblem: (data: unknown) => string | null;
  /** The row rule (record-schemas.ts): rows read from either file, and rows written, are checked with it. */
  rowRule: RowRule;
  beforeWrite?: BeforeWrite;
  /** Ops the journal may hold before a compaction whatever the number of rows (tests lower it). */
  minCompactLines?: number;
  onPersistError?: TableOptions['onPersistError'];
  /** Where the table's activity entries are kept (tables without it refuse changes that carry some). */
  activity?: { book: ActivityBook; archive: ActivityArchive };
  /** Where the mails the table's changes cause go (tables without it refuse changes that carry some). */
  mail?: MailSink;
}

export const journalFileOf = (file: string): string => file.replace(/\.json$/, '') + '.journal';
export const oldJournalFileOf = (file: string): string => `${journalFileOf(file)}.old`;

const exists = (file: string): Promise<boolean> =>
  stat(file).then(
    () => true,
    () => false,
  );

async function readText(file: string): Promise<string> {
  try {
    const fh = await open(file, 'r');
    try {
      return await fh.readFile('utf8');
    } finally {
      await fh.close();
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw e;
  }
}

/** Empties the journal (or creates it empty) durably; a new file's directory entry is synced too. */
async function resetJournal(journal: string, created: boolean): Promise<void> {
  const fh = await open(journal, 'a', 0o600);
  try {
    await fh.truncate(0);
    await fh.sync();
  } finally {
    await fh.close();
  }
  if (created) await fsyncDir(dirname(journal));
}

/**
 * The same bytes as DurableJsonFile would write for `{ seq, rows }`, written a slice of rows at a time so
 * that a snapshot of 100k products never holds the event loop for more than a slice.
 */
async function writeSnapshotInSlices<T>(file: string, state: TableState<T>, beforeWrite?: BeforeWrite) {
  await beforeWrite?.(file);
  await writeFileDurably(file, async (fh) => {
    await fh.write(`{"seq":${JSON.stringify(state.seq)},"rows":[`);
    for (let i = 0; i < state.rows.length; i += SNAPSHOT_SLICE_ROWS) {
      const slice = state.rows
        .slice(i, i + SNAPSHOT_SLICE_ROWS)
        .map(rowJson)
        .join(',');
      await fh.write(i === 0 ? slice : `,${slice}`);
    }
    await fh.write(']}');
  });
}

/** The batch as one journal line, and how many ops it holds. */
function lineOf<T extends Row>(write: PendingWrite<T>, diskSeq: number): { text: string; count: number } {
  const ops: JournalOp[] = [];
  let maxPut = 0;
  for (const [id, row] of write.changes) {
    ops.push(row ? { put: row } : { del: id });
    if (row) maxPut = Math.max(maxPut, id);
  }
  // An id handed out but not kept (put then removed in one batch) must still never come back.
  if (write.seq > Math.max(diskSeq, maxPut)) ops.push({ seq: write.seq });
  for (const entry of write.log) ops.push({ log: entry });
  for (const mail of write.mail) ops.push({ mail });
  const text = ops.length === 1 ? JSON.stringify(ops[0]) : JSON.stringify(ops);
  return { text: `${text}\n`, count: ops.length };
}

export interface JournalTable<T extends Row> extends InMemoryTable<T> {
  /** Resolves once no background compaction is running (tests wait on it). */
  compaction(): Promise<void>;
}

export async function openJournalTable<T extends Row>(opts: JournalTableOptions): Promise<JournalTable<T>> {
  const journal = journalFileOf(opts.file);
  const oldJournal = oldJournalFileOf(opts.file);
  const minLines = opts.minCompactLines ?? JOURNAL_MIN_COMPACT_LINES;
  const snapshotFile = new DurableJsonFile<TableState<T>>(
    opts.file,
    opts.fileProblem,
    opts.beforeWrite,
    opts.rowRule,
  );
  const snapshot = (await snapshotFile.read()) ?? null;
  const journalExists = await exists(journal);
  const oldExists = await exists(oldJournal);
  const older = parseJournal(oldJournal, await readText(oldJournal));
  const content = parseJournal(journal, await readText(journal));
  const merged = replay<T>(
    snapshot ?? { seq: 0, rows: [] },
    [...older.ops, ...content.ops],
    opts.rowRule.fields,
  );
  if (merged.bad.length) await quarantineRows(opts.file, merged.bad, opts.rowRule.report);
  const initial: TableState<T> = { seq: merged.seq, rows: [...merged.rows.values()] };
  const entriesIn = (ops: readonly JournalOp[]): StoredActivity[] =>
    checkedEntries(
      journal,
      ops.flatMap((op) => ('log' in op ? [op.log] : [])),
      opts.rowRule.report,
    );
  const replayedLog = entriesIn([...older.ops, ...content.ops]);
  // The journals are about to be dropped: their entries go to the archive first.
  if (replayedLog.length && opts.activity) {
    await opts.activity.archive.keep(replayedLog);
    opts.activity.book.add(replayedLog);
  }
  // Mails of lines whose move to the mail table a crash cut short: moved now, before the journals go.
  if (opts.mail) {
    const mails = [...older.ops, ...content.ops].flatMap((op) => ('mail' in op ? [op.mail] : []));
    await opts.mail.recover(checkedMails(journal, mails, opts.rowRule.report));
  }
  // Compact at open: the next start replays nothing, and a torn last line is gone with the rest.
  if (!snapshot || content.lines > 0 || oldExists || !journalExists) {
    if (!snapshot || content.lines > 0 || oldExists)
      await writeSnapshotInSlices(opts.file, initial, opts.beforeWrite);
    await resetJournal(journal, !journalExists);
    if (oldExists) {
      await rm(oldJournal, { force: true });
      await fsyncDir(dirname(journal));
    }
  }

  let ops = 0;
  let size = 0;
  let live = initial.rows.length;
  let diskSeq = initial.seq;
  /** Set when a failed append could not be cut back: the next write starts from a fresh snapshot. */
  let journalSuspect = false;
  /** The background snapshot being written, and the state it is of while it has not landed. */
  let compacting: Promise<void> | null = null;
  let unsaved: TableState<T> | null = null;
  /** Activity entries in `.journal` and in `.journal.old`: archived before either is dropped. */
  let journalLog: StoredActivity[] = [];
  let oldLog: StoredActivity[] = [];
  const archive = async (entries: readonly StoredActivity[]): Promise<void> => {
    if (entries.length) await opts.activity?.archive.keep(entries);
  };

  const dirty = (): void => {
    console.error(`[store] compacting ${journal} failed; will retry at a later write`);
  };

  /** Writes `unsaved` (the state `.journal.old` ends at) in the background, then drops `.journal.old`. */
  function saveSnapshot(): void {
    const state = unsaved!;
    compacting = (async () => {
      await writeSnapshotInSlices(opts.file, state, opts.beforeWrite);
      await archive(oldLog);
      oldLog = [];
      await rm(oldJournal, { force: true });
      await fsyncDir(dirname(journal));
      if (unsaved === state) unsaved = null;
    })()
      .catch((e: unknown) => {
        dirty();
        if (e instanceof Error) console.error(`[store]   ${e.message}`);
      })
      .finally(() => {
        compacting = null;
      });
  }

  /** Starts a compaction: the journal so far becomes `.journal.old`, later batches go to a new one. */
  async function rotate(write: PendingWrite<T>): Promise<void> {
    await rename(journal, oldJournal);
    oldLog = journalLog;
    journalLog = [];
    ops = 0;
    size = 0;
    unsaved = { seq: write.seq, rows: write.rows() };
    try {
      await resetJournal(journal, true);
    } catch {
      // The next append creates the file; it is then marked suspect so the folder gets synced.
      journalSuspect = true;
    }
    saveSnapshot();
  }

  /** A snapshot of the whole state, awaited: the way out of a journal whose tail could not be cut back. */
  async function compactNow(write: PendingWrite<T>): Promise<void> {
    await compacting;
    await writeSnapshotInSlices(opts.file, { seq: write.seq, rows: write.rows() }, opts.beforeWrite);
    // This batch is in no journal: its entries go straight to the archive, with those being dropped,
    // and its mails straight to the mail table.
    await archive([...oldLog, ...journalLog, ...write.log]);
    await opts.mail?.recover(write.mail);
    oldLog = [];
    journalLog = [];
    await resetJournal(journal, true);
    await rm(oldJournal, { force: true });
    await fsyncDir(dirname(journal));
    unsaved = null;
    ops = 0;
    size = 0;
    diskSeq = write.seq;
    journalSuspect = false;
  }

  async function append(text: string): Promise<void> {
    await opts.beforeWrite?.(journal);
    const fh = await open(journal, 'a', 0o600);
    try {
      await fh.appendFile(text);
      await fh.sync();
    } catch (e) {
      // Take back whatever part of the batch reached the file, so it cannot come back at the next start.
      try {
        await fh.truncate(size);
        await fh.sync();
      } catch {
        journalSuspect = true;
      }
      throw e;
    } finally {
      await fh.close();
    }
  }

  const table: InMemoryTable<T> = createTable<T>(
    initial,
    async (write) => {
      if (journalSuspect) return compactNow(write);
      const { text, count } = lineOf(write, diskSeq);
      await append(text);
      journalLog.push(...write.log);
      size += Buffer.byteLength(text);
      ops += count;
      diskSeq = Math.max(diskSeq, write.seq);
      // table.get still answers the committed rows here: the batch commits after persist resolves.
      for (const [id, row] of write.changes) live += (row ? 1 : 0) - (table.get(id) ? 1 : 0);
      if (compacting) return;
      // The batch is already durable in the journal: a failed compaction is only retried later.
      if (unsaved) saveSnapshot();
      else if (ops > Math.max(minLines, 2 * live)) await rotate(write).catch(dirty);
    },
    opts.file,
    {
      check: opts.rowRule.fields,
      onPersistError: opts.onPersistError,
      ...(opts.activity ? { onLog: opts.activity.book.add, checkLog: activityFields } : {}),
      ...(opts.mail ? { mail: opts.mail } : {}),
    },
  );
  return Object.assign(table, { compaction: async () => void (await compacting) });
}
