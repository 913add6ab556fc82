/**
 * Writes a store snapshot (lowdb-store.ts `snapshot()`) as a data folder in the store's own layout: one
 * `{ seq, rows }` file per collection with no journal, the orders in their shards, every activity entry in
 * `activity.journal`. That is exactly what the store writes after a compaction, so the server opens it as it
 * opens its own folder, and checks its rows with the same rules. Written a slice of rows at a time, with a
 * yield between slices, so a backup of a large shop never holds up the orders being placed meanwhile.
 */
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import type { Row } from '#server/core/ports';
import { ACTIVITY_FILE } from '#server/store/activity-archive';
import type { StoreSnapshot } from '#server/store/lowdb-store';
import { ORDERS_DIR, SHARD_SIZE, shardFileName, shardOf } from '#server/store/order-shards';
import { rowJson } from '#server/store/row-json';

const SLICE = 500;
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

async function writeLines(file: string, head: string, parts: readonly unknown[], sep: string, tail: string) {
  const fh = await open(file, 'w', 0o600);
  try {
    await fh.write(head);
    for (let i = 0; i < parts.length; i += SLICE) {
      const text = parts
        .slice(i, i + SLICE)
        .map(rowJson)
        .join(sep);
      await fh.write(i === 0 ? text : sep + text);
      await breathe();
    }
    await fh.write(tail);
    await fh.sync();
  } finally {
    await fh.close();
  }
}

const collectionFile = (seq: number, rows: readonly unknown[]) => ({ head: `{"seq":${seq},"rows":[`, rows });

/** The relative paths written. */
export async function writeSnapshotFolder(snapshot: StoreSnapshot, dir: string): Promise<string[]> {
  const written: string[] = [];
  await mkdir(join(dir, ORDERS_DIR), { recursive: true });
  for (const { file, state } of snapshot.collections) {
    const f = collectionFile(state.seq, state.rows);
    await writeLines(join(dir, file), f.head, f.rows, ',', ']}');
    written.push(file);
  }
  const orders = snapshot.orders;
  const shards = new Map<number, Row[]>();
  for (const row of orders.rows) {
    const n = shardOf(row.id, SHARD_SIZE);
    const list = shards.get(n) ?? [];
    list.push(row);
    shards.set(n, list);
  }
  for (const [n, rows] of [...shards].sort((a, b) => a[0] - b[0])) {
    const path = `${ORDERS_DIR}/${shardFileName(n)}`;
    const f = collectionFile(orders.seq, rows);
    await writeLines(join(dir, path), f.head, f.rows, ',', ']}');
    written.push(path);
  }
  // The order seq must survive even with no order kept (ids are never handed out twice).
  if (!shards.size && orders.seq > 0) {
    const path = `${ORDERS_DIR}/${shardFileName(shardOf(orders.seq, SHARD_SIZE))}`;
    await writeLines(join(dir, path), `{"seq":${orders.seq},"rows":[`, [], ',', ']}');
    written.push(path);
  }
  const entries = snapshot.activity;
  await writeLines(join(dir, ACTIVITY_FILE), '', entries, '\n', entries.length ? '\n' : '');
  written.push(ACTIVITY_FILE);
  return written;
}
