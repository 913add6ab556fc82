/**
 * Reading a table journal (journal-table.ts): one batch per line, either one op (`{"put":row}`,
 * `{"del":id}`, `{"seq":n}` or `{"log":entry}`) or an array of ops, replayed in order over the snapshot
 * (log ops hold activity entries, which change no row). Every line was fsynced before its write was
 * acknowledged, so only the last line can be cut short by a crash: a last line that does not parse is
 * a torn, never-acknowledged write and is dropped. An unreadable line with good lines after it is
 * damage, reported like any corrupt data file. A complete line whose row breaks the row rule is
 * set aside for quarantine, like a bad row of a snapshot.
 */
import { CorruptDataFileError } from './lowdb-durable-file';
import { rowsById } from './table';

/** `log`: an activity entry recorded in the same batch as the changes it describes (activity-book.ts). */
/** `mail`: a mail the batch's change caused (issue 26, mail-sink.ts), which changes no row either. */
export type JournalOp =
  { put: unknown } | { del: number } | { seq: number } | { log: unknown } | { mail: unknown };

export interface JournalContent {
  ops: JournalOp[];
  /** Lines read (good ones and the torn one). */
  lines: number;
  torn: boolean;
}

const isCount = (v: unknown, min: number): v is number => Number.isSafeInteger(v) && (v as number) >= min;

function opOf(value: unknown): JournalOp | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  if (keys.length !== 1) return null;
  const v = value as Record<string, unknown>;
  if ('put' in v) return { put: v.put };
  if ('log' in v) return { log: v.log };
  if ('mail' in v) return { mail: v.mail };
  if (isCount(v.del, 1)) return { del: v.del };
  if (isCount(v.seq, 0)) return { seq: v.seq };
  return null;
}

export function parseJournal(file: string, text: string): JournalContent {
  const pieces = text.split('\n');
  // The index of the last piece holding anything: only that one may be torn.
  let last = pieces.length - 1;
  while (last >= 0 && pieces[last]!.trim() === '') last--;
  const ops: JournalOp[] = [];
  let lines = 0;
  let torn = false;
  for (let i = 0; i <= last; i++) {
    const line = pieces[i]!;
    if (line.trim() === '') continue;
    lines++;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (i === last) {
        torn = true;
        break;
      }
      throw new CorruptDataFileError(file, `line ${i + 1} does not parse`);
    }
    const batch = Array.isArray(value) && value.length > 0 ? value.map(opOf) : [opOf(value)];
    if (batch.some((op) => !op)) throw new CorruptDataFileError(file, `line ${i + 1} is not a journal entry`);
    ops.push(...(batch as JournalOp[]));
  }
  return { ops, lines, torn };
}

export interface Replayed<T> {
  seq: number;
  rows: Map<number, T>;
  /** Puts whose row breaks the rule, with the fields it breaks. */
  bad: Array<{ row: unknown; fields: Record<string, string> }>;
}

/** The snapshot with the journal's changes applied, last change of a row winning. */
export function replay<T extends { id: number }>(
  snapshot: { seq: number; rows: readonly T[] },
  ops: readonly JournalOp[],
  fields: (row: unknown) => Record<string, string> | null,
): Replayed<T> {
  const start = rowsById(snapshot);
  const rows = start.rows;
  let seq = start.seq;
  const bad: Replayed<T>['bad'] = [];
  for (const op of ops) {
    if ('log' in op || 'mail' in op) continue;
    if ('del' in op) rows.delete(op.del);
    else if ('seq' in op) seq = Math.max(seq, op.seq);
    else {
      const problem = fields(op.put);
      if (problem) {
        bad.push({ row: op.put, fields: problem });
        // The row's older value is not its state any more: it goes too, and its id stays used.
        const id = op.put && typeof op.put === 'object' ? (op.put as { id?: unknown }).id : undefined;
        if (isCount(id, 1)) {
          rows.delete(id);
          seq = Math.max(seq, id);
        }
      } else {
        // Checked by the row rule just above, which requires a positive integer id.
        const row = op.put as T;
        rows.set(row.id, row);
        seq = Math.max(seq, row.id);
      }
    }
  }
  return { seq, rows, bad };
}
