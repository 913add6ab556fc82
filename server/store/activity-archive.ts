/**
 * The activity archive, on disk only (issue 15): `DATA_DIR/activity.journal`, one entry per line,
 * appended and fsynced. An entry is first written inside the journal line of the change it records
 * (journal-table.ts), so the change and its entry land together or not at all. A journal is only ever
 * dropped by a compaction, and a compaction copies the journal's entries here first (keep), so an entry
 * outlives its journal. A crash between the copy and the drop leaves the entry in both places; ids make
 * the second copy harmless. Only the last line can be torn by a crash; it is dropped, as the journals'
 * torn lines are.
 *
 * Retention (ACTIVITY_RETENTION_DAYS, issue 30): with a cutoff, entries older than it are left out at open
 * and when archived, and `compact` rewrites the file without them (temp file, fsync, rename), so a busy
 * shop's archive stays in proportion to the days it keeps. Without one, every entry is kept for ever.
 */
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { StoredActivity } from '#server/core/records';
import type { ActivityBook } from './activity-book';
import { checkedEntries } from './activity-book';
import type { BeforeWrite } from './lowdb-durable-file';
import { CorruptDataFileError, fsyncDir, writeFileDurably } from './lowdb-durable-file';

export const ACTIVITY_FILE = 'activity.journal';

export interface ActivityArchive {
  /** Appends, durably, the entries not archived yet; resolves once they are on disk. */
  keep(entries: readonly StoredActivity[]): Promise<void>;
  /** Rewrites the file without the entries older than the retention cutoff; resolves with how many went. */
  compact(): Promise<number>;
}

/** The oldest `at` still kept (an ISO time), or undefined to keep everything. */
export type RetentionCutoff = () => string | undefined;

/** Reads the archive (feeding the book) and returns the way to append to it. */
export async function openActivityArchive(
  file: string,
  book: ActivityBook,
  {
    beforeWrite,
    report,
    retainFrom = () => undefined,
  }: { beforeWrite?: BeforeWrite; report?: (line: string) => void; retainFrom?: RetentionCutoff } = {},
): Promise<ActivityArchive> {
  let text = '';
  let created = false;
  try {
    const fh = await open(file, 'r');
    try {
      text = await fh.readFile('utf8');
    } finally {
      await fh.close();
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    created = true;
  }
  const lines = text.split('\n');
  let last = lines.length - 1;
  while (last >= 0 && lines[last]!.trim() === '') last--;
  const raw: unknown[] = [];
  // Bytes of the good lines: a torn last line is cut off before the next append.
  let good = 0;
  for (let i = 0; i <= last; i++) {
    const line = lines[i]!;
    if (line.trim() !== '') {
      try {
        raw.push(JSON.parse(line));
      } catch {
        if (i === last) break;
        throw new CorruptDataFileError(file, `line ${i + 1} does not parse`);
      }
    }
    good += Buffer.byteLength(line) + 1;
  }
  const archived = new Set<string>();
  const kept = (list: readonly StoredActivity[]) => {
    const cutoff = retainFrom();
    return cutoff === undefined ? list : list.filter((e) => e.at >= cutoff);
  };
  const all = checkedEntries(file, raw, report);
  const entries = kept(all);
  for (const e of entries) archived.add(e.id);
  book.add(entries);
  const expired = all.length - entries.length;

  let size = Math.min(good, Buffer.byteLength(text));
  let chain: Promise<void> = Promise.resolve();
  let truncateFirst = size < Buffer.byteLength(text);

  async function append(fresh: readonly StoredActivity[]): Promise<void> {
    await beforeWrite?.(file);
    const body = fresh.map((e) => `${JSON.stringify(e)}\n`).join('');
    const fh = await open(file, 'a', 0o600);
    try {
      if (truncateFirst) {
        await fh.truncate(size);
        truncateFirst = false;
      }
      await fh.appendFile(body);
      await fh.sync();
    } catch (e) {
      // Whatever part reached the file is cut back off; a retry appends the same entries again.
      await fh.truncate(size).catch(() => undefined);
      throw e;
    } finally {
      await fh.close();
    }
    if (created) {
      await fsyncDir(dirname(file));
      created = false;
    }
    size += Buffer.byteLength(body);
    for (const e of fresh) archived.add(e.id);
  }

  /** Reads the file back and writes it again with the kept entries only. */
  async function rewrite(): Promise<number> {
    const cutoff = retainFrom();
    if (cutoff === undefined) return 0;
    const fh = await open(file, 'r').catch(() => null);
    if (!fh) return 0;
    let lines: string[];
    try {
      lines = (await fh.readFile('utf8')).split('\n').filter((l) => l.trim() !== '');
    } finally {
      await fh.close();
    }
    // Only whole lines reach here (appends are serialised on the chain); a line that does not parse was
    // already refused or cut at open, so what does not parse now is kept as it is rather than guessed at.
    const keepLines = lines.filter((l) => {
      try {
        return (JSON.parse(l) as { at?: unknown }).at! >= cutoff;
      } catch {
        return true;
      }
    });
    const dropped = lines.length - keepLines.length;
    if (!dropped) return 0;
    const body = keepLines.map((l) => `${l}\n`).join('');
    await beforeWrite?.(file);
    await writeFileDurably(file, body);
    size = Buffer.byteLength(body);
    truncateFirst = false;
    created = false;
    return dropped;
  }

  const onChain = <T>(fn: () => Promise<T>): Promise<T> => {
    // One file operation at a time: the tables compact independently of each other.
    const run = chain.then(fn);
    chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };

  if (expired) await onChain(rewrite);

  return {
    keep(next) {
      return onChain(async () => {
        const fresh = kept(next).filter((e) => !archived.has(e.id));
        if (fresh.length) await append(fresh);
      });
    },
    compact: () => onChain(rewrite),
  };
}
