/**
 * Journal rows that break the row rule go where a snapshot's bad rows go (lowdb-durable-file.ts):
 * appended durably to `<file>.quarantine.jsonl`, one `{ at, row, fields }` per line, before the
 * compaction at open rewrites the snapshot without them, so nothing is lost that an operator may want.
 */
import type { BadRow } from './lowdb-durable-file';
import { quarantineRows as quarantine } from './lowdb-durable-file';

export function quarantineRows(
  file: string,
  bad: readonly BadRow[],
  report?: (line: string) => void,
): Promise<void> {
  return quarantine(file, bad, 'a journal row', report);
}
