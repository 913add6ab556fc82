/**
 * From the earlier layout (every order in DATA_DIR/orders.json) to shard files. Runs on open, before
 * the server answers anything: the legacy rows are written into their shards durably, and only then is
 * orders.json renamed to orders.json.migrated (kept as a backup, never deleted). A crash in between
 * leaves orders.json in place, so the next start simply does it again (the shard writes are idempotent).
 */
import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredOrder } from '#server/core/records';
import { DurableJsonFile, fsyncDir } from './lowdb-durable-file';
import type { TableState } from './table';

export const LEGACY_ORDERS_FILE = 'orders.json';

/** Returns every order (shards merged with the legacy file); `writeShards` must land before it returns. */
export async function migrateLegacyOrders(
  dataDir: string,
  shardRows: StoredOrder[],
  check: (data: unknown) => string | null,
  writeShards: (byShard: Map<number, StoredOrder[]>, legacySeq: number) => Promise<void>,
  shardSize: number,
): Promise<StoredOrder[]> {
  const file = join(dataDir, LEGACY_ORDERS_FILE);
  if (!existsSync(file)) return shardRows;
  const legacy = await new DurableJsonFile<TableState<StoredOrder>>(file, check).read();
  if (!legacy) return shardRows;
  const byId = new Map(shardRows.map((r) => [r.id, r]));
  for (const r of legacy.rows) byId.set(r.id, r);
  const all = [...byId.values()].sort((a, b) => a.id - b.id);
  const byShard = new Map<number, StoredOrder[]>();
  for (const r of all) {
    const n = Math.ceil(r.id / shardSize);
    const list = byShard.get(n) ?? [];
    list.push(r);
    byShard.set(n, list);
  }
  await writeShards(byShard, legacy.seq);
  let backup = `${file}.migrated`;
  if (existsSync(backup)) backup = `${file}.migrated-${Date.now()}`;
  await rename(file, backup);
  await fsyncDir(dataDir);
  console.log(
    `[store] moved ${legacy.rows.length} orders from orders.json into orders/ shards (old file kept as ${backup}).`,
  );
  return all;
}
