/**
 * The stored data as one comparable value, whoever stores it (the Koa run reads its data folder back from
 * disk, the MSW run dumps the mock's memory tables): checks (c) and (d) of checks.ts compare two of these.
 */
import type { TableName } from '#server/core/ports';
import { ROW_SCHEMAS } from '#server/core/records';
import { describeFields, rowFields } from '#server/store/record-schemas';

export interface TableDump {
  seq?: number;
  rows: readonly unknown[];
}

/** The stored data as comparable parts (`orders#3`, `orders.seq`, `upload:<name>`), and rows that break the rule. */
export interface StoreSnapshot {
  parts: Map<string, string>;
  badRows: string[];
}

const idOf = (row: unknown): string =>
  row && typeof row === 'object' && 'id' in row ? String((row as { id: unknown }).id) : '?';

/** Rows failing the row rule, as `orders #3: items.0.qty: Too big …`. */
export function rowProblems(collection: TableName, rows: readonly unknown[]): string[] {
  return rows.flatMap((row) => {
    const fields = rowFields(collection, row);
    return fields ? [`${collection} #${idOf(row)}: ${describeFields(fields).slice(0, 200)}`] : [];
  });
}

/** `problems`: what the caller could not even read (a file that is not JSON), kept among the bad rows. */
export function snapshotOf(
  tables: Partial<Record<TableName, TableDump>>,
  uploads: Iterable<string> = [],
  problems: string[] = [],
): StoreSnapshot {
  const parts = new Map<string, string>();
  const badRows = [...problems];
  for (const collection of Object.keys(ROW_SCHEMAS) as TableName[]) {
    const dump = tables[collection];
    if (!dump) continue;
    if (dump.seq !== undefined) parts.set(`${collection}.seq`, String(dump.seq));
    for (const row of dump.rows) parts.set(`${collection}#${idOf(row)}`, JSON.stringify(row));
    badRows.push(...rowProblems(collection, dump.rows));
  }
  for (const name of uploads) parts.set(`upload:${name}`, '');
  return { parts, badRows };
}

/** What changed between two snapshots, as `orders#3 changed`, `upload:<name> added`. */
export function differences(a: StoreSnapshot, b: StoreSnapshot): string[] {
  const out: string[] = [];
  for (const [k, v] of b.parts)
    if (!a.parts.has(k)) out.push(`${k} added`);
    else if (a.parts.get(k) !== v) out.push(`${k} changed`);
  for (const k of a.parts.keys()) if (!b.parts.has(k)) out.push(`${k} removed`);
  return out;
}
