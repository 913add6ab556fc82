/**
 * The activity archive, on disk only (issue 15): `DATA_DIR/activity.journal`, one entry per line,
 * appended and fsynced. An entry is first written inside the journal line of the change it records
 * (journal-table.ts), so the change and its entry land together or not at all. A journal is only ever
 * dropped by a compaction, and a compaction copies the journal's entries here first (keep), so an entry
 * outlives its journal. A crash between the copy and the drop leaves the entry in both places; ids make
 * the second copy harmless. Only the last line can be torn by a crash; it is dropped, as the journals'
 * torn lines are.
 */
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { StoredActivity } from '#server/core/records';
import type { ActivityBook } from './activity-book';
import { checkedEntries } from './activity-book';
import type { BeforeWrite } from './lowdb-durable-file';
import { CorruptDataFileError, fsyncDir } from './lowdb-durable-file';

export const ACTIVITY_FILE = 'activity.journal';

export interface ActivityArchive {
  /** Appends, durably, the entries not archived yet; resolves once they are on disk. */
  keep(entries: readonly StoredActivity[]): Promise<void>;
}

/** Reads the archive (feeding the book) and returns the way to append to it. */
export async function openActivityArchive(
  file: string,
  book: ActivityBook,
  { beforeWrite, report }: { beforeWrite?: BeforeWrite; report?: (line: string) => void } = {},
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
  const entries = checkedEntries(file, raw, report);
  for (const e of entries) archived.add(e.id);
  book.add(entries);

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

  return {
    keep(next) {
      // One append at a time: the tables compact independently of each other.
      const run = chain.then(async () => {
        const fresh = next.filter((e) => !archived.has(e.id));
        if (fresh.length) await append(fresh);
      });
      chain = run.catch(() => undefined);
      return run;
    },
  };
}
