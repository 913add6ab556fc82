/**
 * Orders on disk in bounded shard files, so placing an order costs the same in a new shop and in one
 * with years of orders:
 *   DATA_DIR/orders/000001.json   ids 1..1000      each file `{ seq, rows }`, like every other collection
 *   DATA_DIR/orders/000002.json   ids 1001..2000
 * Order ids only grow, so new orders land in the last shard and a write rewrites one file of at most
 * SHARD_SIZE orders (two when a batch crosses a boundary). Each shard is a lowdb database over
 * DurableJsonFile (temp, fsync, rename, folder fsync); group commit comes from table.ts, and row texts
 * are reused (row-json.ts), so no write ever stringifies more than the changed rows.
 * The table's seq is written into every shard it writes; on open it is the largest seq or id found.
 * Migration: a single orders.json from the earlier layout is split into shards on open (migrate-orders.ts).
 * Mails an order change causes (issue 26) are written in the shard of that change as `mail`, beside the
 * rows, and kept there only until the mail table holds them (mail-sink.ts); at open they are moved there
 * and the shard's list is emptied.
 */
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import type { StoredOrder } from '#server/core/records';
import type { BeforeWrite } from './lowdb-durable-file';
import { CorruptDataFileError, DurableJsonFile } from './lowdb-durable-file';
import { migrateLegacyOrders } from './migrate-orders';
import { fileProblem, rowFields } from './record-schemas';
import type { RowCheckMemo } from './row-check-memo';
import type { InMemoryTable, TableState } from './table';
import { createTable } from './table';
import type { StoredMail } from '#server/core/records';
import type { MailSink } from './mail-sink';
import { checkedMails } from './mail-sink';

export const ORDERS_DIR = 'orders';
export const SHARD_SIZE = 1000;

export const shardOf = (id: number, size = SHARD_SIZE): number => Math.ceil(id / size);
export const shardFileName = (n: number): string => `${String(n).padStart(6, '0')}.json`;
const SHARD_NAME = /^\d{6}\.json$/;

export interface OrderShardOptions {
  beforeWrite?: BeforeWrite;
  shardSize?: number;
  /** Where lines about quarantined rows go (default: stderr). */
  report?: (line: string) => void;
  /** Shards already known good (row-check-memo.ts). */
  memo?: RowCheckMemo;
  /** Where the mails of order changes go (issue 26). */
  mail?: MailSink;
}

type ShardState = TableState<StoredOrder> & { mail?: StoredMail[] };
type ShardDb = Low<ShardState>;

export async function openOrderShards(
  dataDir: string,
  options: OrderShardOptions = {},
): Promise<InMemoryTable<StoredOrder>> {
  const size = options.shardSize ?? SHARD_SIZE;
  const dir = join(dataDir, ORDERS_DIR);
  await mkdir(dir, { recursive: true });
  const check = fileProblem;
  const rowRule = {
    fields: (row: unknown) => rowFields('orders', row),
    report: options.report,
    memo: options.memo,
  };
  const dbs = new Map<number, ShardDb>();
  const dbOf = (n: number): ShardDb => {
    let db = dbs.get(n);
    if (!db) {
      const adapter = new DurableJsonFile<ShardState>(
        join(dir, shardFileName(n)),
        check,
        options.beforeWrite,
        rowRule,
      );
      db = new Low(adapter, { seq: 0, rows: [] });
      dbs.set(n, db);
    }
    return db;
  };

  /** The rows of shard n as `get` sees them, in id order. */
  const shardRows = (n: number, get: (id: number) => StoredOrder | undefined): StoredOrder[] => {
    const rows: StoredOrder[] = [];
    for (let id = (n - 1) * size + 1; id <= n * size; id++) {
      const row = get(id);
      if (row) rows.push(row);
    }
    return rows;
  };

  const writeShard = async (n: number, state: ShardState): Promise<void> => {
    const db = dbOf(n);
    const previous = db.data;
    db.data = state;
    try {
      await db.write();
    } catch (e) {
      db.data = previous;
      throw e;
    }
  };

  let seq = 0;
  const rows: StoredOrder[] = [];
  const carrying: number[] = [];
  const found: unknown[] = [];
  for (const name of (await readdir(dir)).filter((f) => SHARD_NAME.test(f)).sort()) {
    const n = Number(name.slice(0, 6));
    const db = dbOf(n);
    await db.read();
    seq = Math.max(seq, db.data.seq);
    if (db.data.mail?.length) {
      carrying.push(n);
      found.push(...db.data.mail);
    }
    for (const r of db.data.rows) {
      if (shardOf(r.id, size) !== n)
        throw new CorruptDataFileError(
          join(dir, name),
          `order ${r.id} belongs in ${shardFileName(shardOf(r.id, size))}`,
        );
      rows.push(r);
    }
  }
  const migrated = await migrateLegacyOrders(
    dataDir,
    rows,
    check,
    async (byShard, legacySeq) => {
      seq = Math.max(seq, legacySeq);
      for (const [n, shard] of byShard) await writeShard(n, { seq, rows: shard });
    },
    size,
  );

  if (options.mail && carrying.length) {
    await options.mail.recover(checkedMails(dir, found, options.report));
    for (const n of carrying) await writeShard(n, { seq: dbOf(n).data.seq, rows: dbOf(n).data.rows });
  }
  const sink = options.mail;
  /** The mails a shard keeps: those not yet in the mail table, and the batch's own when it is the last. */
  const mailOf = (n: number, batch: readonly StoredMail[], last: boolean): StoredMail[] | undefined => {
    const kept = (dbOf(n).data.mail ?? []).filter((m) => !sink?.has(m.id));
    const mail = last ? [...kept, ...batch] : kept;
    return mail.length ? mail : undefined;
  };

  const table: InMemoryTable<StoredOrder> = createTable<StoredOrder>(
    { seq, rows: migrated },
    async (w) => {
      const dirty = [...new Set([...w.changes.keys()].map((id) => shardOf(id, size)))].sort((a, b) => a - b);
      const landed: number[] = [];
      try {
        for (const n of dirty) {
          const mail = mailOf(n, w.mail, n === dirty[dirty.length - 1]);
          await writeShard(n, { seq: w.seq, rows: shardRows(n, w.get), ...(mail ? { mail } : {}) });
          landed.push(n);
        }
      } catch (e) {
        // Memory rolls the whole batch back; put back the shards of it that did land, so disk agrees.
        for (const n of landed)
          await writeShard(n, {
            seq: table.snapshot().seq,
            rows: shardRows(n, table.get),
            ...(mailOf(n, [], false) ? { mail: mailOf(n, [], false) } : {}),
          }).catch(() => undefined);
        throw e;
      }
    },
    dir,
    { check: (row) => rowFields('orders', row), ...(sink ? { mail: sink } : {}) },
  );
  return table;
}
