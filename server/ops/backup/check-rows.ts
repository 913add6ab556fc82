/**
 * A restore's row check: every file of a lowdb backup against the rules the store loads it with
 * (record-schemas.ts for the collections and orders, the activity entry rule for the archive). Where the
 * store's open would quarantine a bad row and go on, a restore refuses the whole archive: a backup is only
 * worth keeping if all of it loads.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TableName } from '#server/core/ports';
import { activityFields } from '#server/store/activity-book';
import { ACTIVITY_FILE } from '#server/store/activity-archive';
import { COLLECTION_FILES } from '#server/store/lowdb-store';
import { mailFields } from '#server/store/mail-sink';
import { MAIL_FILE } from '#server/store/mail-table';
import { ORDERS_DIR, SHARD_SIZE, shardFileName, shardOf } from '#server/store/order-shards';
import { describeFields, fileProblem, rowFields } from '#server/store/record-schemas';

/** Problems reported before giving up: one is enough to refuse, a few help find the cause. */
const MAX_PROBLEMS = 20;

type RowRule = (row: unknown) => Record<string, string> | null;

async function checkCollection(
  dir: string,
  path: string,
  table: TableName | RowRule,
  problems: string[],
): Promise<void> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(join(dir, path), 'utf8'));
  } catch (e) {
    problems.push(`${path}: ${e instanceof Error ? e.message : 'unreadable'}`);
    return;
  }
  const problem = fileProblem(data);
  if (problem) {
    problems.push(`${path}: ${problem}`);
    return;
  }
  const { rows } = data as { rows: unknown[] };
  rows.forEach((row, i) => {
    const fields = typeof table === 'function' ? table(row) : rowFields(table, row);
    if (fields && problems.length < MAX_PROBLEMS)
      problems.push(`${path}: row ${i + 1}: ${describeFields(fields)}`);
    if (table === 'orders' && !fields) {
      const id = (row as { id: number }).id;
      if (path !== `${ORDERS_DIR}/${shardFileName(shardOf(id, SHARD_SIZE))}`)
        problems.push(`${path}: order ${id} belongs in another shard`);
    }
  });
}

/** The problems found in a lowdb backup's folder (empty: every row loads). */
export async function checkRows(dir: string, paths: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const [table, file] of Object.entries(COLLECTION_FILES) as [TableName, string][]) {
    if (!paths.includes(file)) problems.push(`${file}: missing from the archive`);
    else await checkCollection(dir, file, table, problems);
  }
  if (paths.includes(MAIL_FILE)) await checkCollection(dir, MAIL_FILE, mailFields, problems);
  for (const path of paths.filter((p) => p.startsWith(`${ORDERS_DIR}/`)))
    await checkCollection(dir, path, 'orders', problems);
  if (paths.includes(ACTIVITY_FILE)) {
    const lines = (await readFile(join(dir, ACTIVITY_FILE), 'utf8')).split('\n');
    lines.forEach((line, i) => {
      if (!line.trim() || problems.length >= MAX_PROBLEMS) return;
      let entry: unknown;
      try {
        entry = JSON.parse(line);
      } catch {
        problems.push(`${ACTIVITY_FILE}: line ${i + 1} does not parse`);
        return;
      }
      const fields = activityFields(entry);
      if (fields) problems.push(`${ACTIVITY_FILE}: line ${i + 1}: ${describeFields(fields)}`);
    });
  }
  return problems.slice(0, MAX_PROBLEMS);
}
