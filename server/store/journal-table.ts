/**
 * An append-only adapter for a collection written a row at a time (sessions: a row per login, a row
 * per logout). On disk:
 *   <name>.json      snapshot `{ seq, rows }`, written like every other data file (temp, fsync, rename)
 *   <name>.journal   one line per row changed since the snapshot: {"put":row} | {"del":id} | {"seq":n}
 * Each group-committed batch of the Table (table.ts) appends its lines and fsyncs once, so a login
 * costs one short append instead of a rewrite of every session. At open the journal is replayed over
 * the snapshot (journal-replay.ts) and compacted: the merged rows become the new snapshot, then the
 * journal is emptied. It is compacted again once it holds more than max(1000, 2 × live rows) lines,
 * which keeps both the file and the next start's replay in proportion to the live rows.
 *
 * A batch is atomic in memory (table.ts) but on disk each line stands alone: a crash in the middle of
 * an append can keep the first rows of a never-acknowledged batch. That is harmless for rows that do
 * not depend on each other, such as sessions; do not use this adapter for rows that do.
 */
import { open, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Row } from '#server/core/ports';
import type { JournalOp } from './journal-replay';
import { parseJournal, replay } from './journal-replay';
import type { BeforeWrite, RowRule } from './lowdb-durable-file';
import { DurableJsonFile, fsyncDir } from './lowdb-durable-file';
import { quarantineRows } from './journal-quarantine';
import type { InMemoryTable, PendingWrite, TableOptions, TableState } from './table';
import { createTable } from './table';

export const JOURNAL_MIN_COMPACT_LINES = 1000;

export interface JournalTableOptions {
  /** The snapshot file, e.g. DATA_DIR/sessions.json; the journal is the same name with `.journal`. */
  file: string;
  /** What the snapshot must look like as a whole (record-schemas.ts fileProblem). */
  fileProblem: (data: unknown) => string | null;
  /** The row rule (record-schemas.ts): rows read from either file, and rows written, are checked with it. */
  rowRule: RowRule;
  beforeWrite?: BeforeWrite;
  /** Lines the journal may hold before a compaction whatever the number of rows (tests lower it). */
  minCompactLines?: number;
  onPersistError?: TableOptions['onPersistError'];
}

export const journalFileOf = (file: string): string => file.replace(/\.json$/, '') + '.journal';

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

function linesOf<T extends Row>(write: PendingWrite<T>, diskSeq: number): { text: string; count: number } {
  const out: string[] = [];
  let maxPut = 0;
  for (const [id, row] of write.changes) {
    const op: JournalOp = row ? { put: row } : { del: id };
    if (row) maxPut = Math.max(maxPut, id);
    out.push(JSON.stringify(op));
  }
  // An id handed out but not kept (put then removed in one batch) must still never come back.
  if (write.seq > Math.max(diskSeq, maxPut)) out.push(JSON.stringify({ seq: write.seq }));
  return { text: out.map((l) => `${l}\n`).join(''), count: out.length };
}

export async function openJournalTable<T extends Row>(opts: JournalTableOptions): Promise<InMemoryTable<T>> {
  const journal = journalFileOf(opts.file);
  const minLines = opts.minCompactLines ?? JOURNAL_MIN_COMPACT_LINES;
  const snapshotFile = new DurableJsonFile<TableState<T>>(opts.file, opts.fileProblem, opts.beforeWrite, opts.rowRule);
  const snapshot = (await snapshotFile.read()) ?? null;
  const journalExists = await stat(journal).then(
    () => true,
    () => false,
  );
  const content = parseJournal(journal, await readText(journal));
  const merged = replay<T>(snapshot ?? { seq: 0, rows: [] }, content.ops, opts.rowRule.fields);
  if (merged.bad.length) await quarantineRows(opts.file, merged.bad, opts.rowRule.report);
  const initial: TableState<T> = { seq: merged.seq, rows: [...merged.rows.values()] };
  // Compact at open: the next start replays nothing, and a torn last line is gone with the rest.
  if (!snapshot || content.lines > 0 || !journalExists) {
    if (!snapshot || content.lines > 0) await snapshotFile.write(initial);
    await resetJournal(journal, !journalExists);
  }

  let lines = 0;
  let size = 0;
  let live = initial.rows.length;
  let diskSeq = initial.seq;
  /** Set when a failed append could not be cut back: the next write starts from a fresh snapshot. */
  let journalSuspect = false;

  async function compact(write: PendingWrite<T>): Promise<void> {
    await snapshotFile.write({ seq: write.seq, rows: write.rows() });
    // A crash between the two steps only replays lines the snapshot already holds: same result.
    await resetJournal(journal, false);
    lines = 0;
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
      if (journalSuspect) return compact(write);
      const { text, count } = linesOf(write, diskSeq);
      await append(text);
      size += Buffer.byteLength(text);
      lines += count;
      diskSeq = Math.max(diskSeq, write.seq);
      // table.get still answers the committed rows here: the batch commits after persist resolves.
      for (const [id, row] of write.changes) live += (row ? 1 : 0) - (table.get(id) ? 1 : 0);
      if (lines > Math.max(minLines, 2 * live)) {
        // The batch is already durable in the journal: a failed compaction is only retried later.
        await compact(write).catch((e: unknown) => {
          console.error(`[store] compacting ${journal} failed; will retry:`, e instanceof Error ? e.message : e);
        });
      }
    },
    opts.file,
    { check: opts.rowRule.fields, onPersistError: opts.onPersistError },
  );
  return table;
}
