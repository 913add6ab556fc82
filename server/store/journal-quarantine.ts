/**
 * Journal rows that break the row rule go where a snapshot's bad rows go (lowdb-durable-file.ts):
 * appended durably to `<file>.quarantine.jsonl`, one `{ at, row, fields }` per line, before the
 * compaction at open rewrites the snapshot without them, so nothing is lost that an operator may want.
 */
import { appendFile, open } from 'node:fs/promises';
import { QUARANTINE_SUFFIX } from './lowdb-durable-file';

export async function quarantineRows(
  file: string,
  bad: ReadonlyArray<{ row: unknown; fields: Record<string, string> }>,
  report: (line: string) => void = (line) => console.error(line),
): Promise<void> {
  const at = new Date().toISOString();
  const quarantine = `${file}${QUARANTINE_SUFFIX}`;
  await appendFile(quarantine, bad.map((b) => `${JSON.stringify({ at, ...b })}\n`).join(''), { mode: 0o600 });
  const fh = await open(quarantine, 'r');
  await fh.sync().finally(() => fh.close());
  for (const b of bad) {
    const id = (b.row as { id?: unknown } | null)?.id;
    const fields = Object.entries(b.fields)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ');
    report(
      `[store] ${file}: a journal row ${String(id ?? '?')} cannot be loaded (${fields}); moved to ${quarantine}.`,
    );
  }
}
