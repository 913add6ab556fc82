/**
 * The lowdb shop `migrate-data` copies from, checked whole before a single row goes to PostgreSQL (issue 24).
 * Opening a data folder moves rows that break the row rules (server/core/records.ts, the contract's text
 * rule among them) to quarantine files; a migration must neither change the source nor silently leave rows
 * behind, so the folder's data files are copied to a temporary folder and opened there, and every row the
 * open set aside is named (`orders #12: name: …`) for the operator to fix in the source.
 */
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import type { Stores } from '#server/core/ports';
import { LOCK_FILE } from '#server/store/data-dir-lock';
import { QUARANTINE_SUFFIX } from '#server/store/lowdb-durable-file';
import { COLLECTION_FILES, openLowdbStores } from '#server/store/lowdb-store';
import { ORDERS_DIR } from '#server/store/order-shards';

export interface CheckedSource {
  stores: Stores;
  /** One line per row that breaks the rules: `table #id: field: message; …`. Empty: every row is good. */
  problems: string[];
  dispose(): Promise<void>;
}

/** Images stay where they are; the lock is the source's own. */
const SKIPPED = new Set(['uploads', LOCK_FILE]);

const tableOf = (file: string): string => {
  if (basename(dirname(file)) === ORDERS_DIR) return 'orders';
  const json = basename(file).replace(/\.journal$/, '.json');
  return Object.entries(COLLECTION_FILES).find(([, f]) => f === json)?.[0] ?? basename(file);
};

async function quarantined(dir: string): Promise<string[]> {
  const files = (await readdir(dir, { recursive: true })).filter((n) => n.endsWith(QUARANTINE_SUFFIX));
  const lines: string[] = [];
  for (const name of files.sort()) {
    const table = tableOf(join(dir, name.slice(0, -QUARANTINE_SUFFIX.length)));
    for (const text of (await readFile(join(dir, name), 'utf8')).split('\n').filter(Boolean)) {
      const { row, fields } = JSON.parse(text) as { row?: { id?: unknown }; fields?: Record<string, string> };
      const why = Object.entries(fields ?? {}).map(([k, v]) => `${k}: ${v}`);
      lines.push(`${table} #${String(row?.id ?? '?')}: ${why.join('; ')}`);
    }
  }
  return lines;
}

/** Opens a copy of `from`'s data files; `problems` lists the rows a start would have set aside. */
export async function openCheckedSource(from: string): Promise<CheckedSource> {
  const dir = await mkdtemp(join(tmpdir(), 'threadline-migrate-source-'));
  try {
    await cp(from, dir, {
      recursive: true,
      filter: (src) => !SKIPPED.has(relative(from, src).split(/[\\/]/)[0] ?? ''),
    });
    // A quarantine file the source already holds was set aside before: it is not this run's to report.
    for (const old of (await readdir(dir, { recursive: true })).filter((n) => n.endsWith(QUARANTINE_SUFFIX)))
      await rm(join(dir, old));
    const stores = await openLowdbStores(dir, { report: () => undefined });
    return {
      stores,
      problems: await quarantined(dir),
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
}
