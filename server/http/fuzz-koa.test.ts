/**
 * The fuzz proof (tests/contract/fuzz/) against the real Koa app over HTTP, on a temporary data
 * folder that is read back from disk after every answer, then closed and opened again (check (e)).
 * In the node-pg project the same run goes to a server on a fresh PostgreSQL database, read back from
 * the database instead (images stay files in the folder).
 * Request budgets are lifted (`rateLimits: false`) so generated registrations and orders reach the
 * validation and the store instead of stopping at 429; the MSW run keeps its budgets on.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { API_BASE } from '#contract/endpoints';
import { TABLE_NAMES, type Stores } from '#server/core/ports';
import { openBackend } from '#server/boot';
import { createFuzzer } from '#tests/contract/fuzz/runner';
import type { StoreSnapshot, TableDump } from '#tests/contract/fuzz/snapshot';
import { rowProblems, snapshotOf } from '#tests/contract/fuzz/snapshot';
import { fuzzEveryEndpoint } from '#tests/contract/fuzz/suite';
import { COLLECTION_FILES } from '#server/store/lowdb-store';
import { QUARANTINE_SUFFIX } from '#server/store/lowdb-durable-file';
import { ORDERS_DIR } from '#server/store/order-shards';
import { fileProblem } from '#server/store/record-schemas';
import { createDatabase } from '#server/test/pg-cluster';
import type { PgTables } from '#server/test/pg-tables';
import { openPgTables } from '#server/test/pg-tables';
import type { TestServer } from '#server/test/test-server';
import { startTestServer, TEST_ADMIN, TEST_HASHER_COST } from '#server/test/test-server';

const SHOPPER = { email: 'fuzz-shopper@example.test', password: 'fuzz-shopper-pass' };

interface Folder {
  tables: Partial<Record<keyof Stores, TableDump>>;
  uploads: string[];
  problems: string[];
}

/** What the reader needs of a data file and a journal line; the row rule itself is checked by snapshotOf. */
const storedRow = z.looseObject({ id: z.number() });
const dataFile = z.object({ seq: z.number(), rows: z.array(storedRow) });
const journalOp = z.union([
  z.strictObject({ put: storedRow }),
  z.strictObject({ del: z.number() }),
  z.strictObject({ seq: z.number() }),
  // An activity entry written in the same line as the change it records (issue 15); its rule is the archive's.
  z.strictObject({ log: z.looseObject({ id: z.string() }) }),
  // A mail the change caused (issue 26), in the same line; it changes no row.
  z.strictObject({ mail: z.looseObject({}) }),
]);

async function readJson(file: string, problems: string[]): Promise<z.infer<typeof dataFile> | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    problems.push(`${file}: not JSON`);
    return undefined;
  }
  const parsed = dataFile.safeParse(data);
  if (!parsed.success) problems.push(`${file}: ${fileProblem(data) ?? 'a row without a numeric id'}`);
  return parsed.data;
}

/**
 * A collection's snapshot with its journals replayed over it: `.journal.old` (a compaction in progress)
 * then `.journal`, each line one op (`{"put":row}` / `{"del":id}` / `{"seq":n}`) or an array of them.
 */
async function readTable(
  dir: string,
  collection: keyof typeof COLLECTION_FILES,
  problems: string[],
): Promise<TableDump> {
  const file = join(dir, COLLECTION_FILES[collection]);
  const base = (await readJson(file, problems)) ?? { seq: 0, rows: [] };
  const rows = new Map(base.rows.map((r) => [r.id, r]));
  // As journal-replay.ts counts it, so a compaction (which writes this seq) changes nothing here.
  let seq = Math.max(base.seq, ...rows.keys());
  const journal = file.replace(/\.json$/, '.journal');
  const text = [
    await readFile(`${journal}.old`, 'utf8').catch(() => ''),
    await readFile(journal, 'utf8').catch(() => ''),
  ].join('\n');
  for (const line of text.split('\n').filter((l) => l.trim())) {
    let ops: Array<z.infer<typeof journalOp>>;
    try {
      ops = z.union([journalOp.transform((op) => [op]), z.array(journalOp).min(1)]).parse(JSON.parse(line));
    } catch {
      problems.push(`${collection}.journal: not a journal entry: ${line.slice(0, 80)}`);
      continue;
    }
    for (const op of ops)
      if ('put' in op) {
        // A put that breaks the rule is quarantined at the next start even if a later line deletes it.
        problems.push(...rowProblems(collection, [op.put]).map((p) => `journal ${p}`));
        rows.set(op.put.id, op.put);
        seq = Math.max(seq, op.put.id);
      } else if ('del' in op) rows.delete(op.del);
      else if ('seq' in op) seq = Math.max(seq, op.seq);
  }
  return { seq, rows: [...rows.values()] };
}

async function readFolder(dir: string): Promise<Folder> {
  const problems: string[] = [];
  const tables: Folder['tables'] = {};
  for (const c of Object.keys(COLLECTION_FILES) as (keyof typeof COLLECTION_FILES)[])
    tables[c] = await readTable(dir, c, problems);
  const shards = (await readdir(join(dir, ORDERS_DIR)).catch(() => []))
    .filter((n) => /^\d{6}\.json$/.test(n))
    .sort();
  const orders: TableDump = { seq: 0, rows: [] };
  for (const shard of shards) {
    const dump = await readJson(join(dir, ORDERS_DIR, shard), problems);
    if (dump) orders.rows = [...orders.rows, ...dump.rows];
    orders.seq = Math.max(orders.seq ?? 0, dump?.seq ?? 0);
  }
  tables.orders = orders;
  const uploads = (await readdir(join(dir, 'uploads'), { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();
  return { tables, uploads, problems };
}

async function quarantineFiles(dir: string): Promise<string[]> {
  const all = await readdir(dir, { recursive: true });
  return all.filter((n) => n.endsWith(QUARANTINE_SUFFIX));
}

const storedCounts = (tables: Folder['tables']): Record<string, number> =>
  Object.fromEntries(Object.entries(tables).map(([k, t]) => [k, t?.rows.length ?? 0]));
/** Rows per table; the activity log is not a table of the folder and is compared on its own. */
const liveCounts = (stores: Stores): Record<string, number> =>
  Object.fromEntries(TABLE_NAMES.map((k) => [k, stores[k].all().length]));

let dataDir: string;
let srv: TestServer;
let closed = false;
/** Set on PostgreSQL: the reader of the database the server writes. */
let db: PgTables | undefined;

/** The stored data: the folder, or the database and the folder's uploads. */
async function readStored(): Promise<Folder> {
  const folder = await readFolder(dataDir);
  return db ? { ...folder, tables: await db.read(), problems: [] } : folder;
}

const fuzzer = createFuzzer(() => ({
  label: 'koa',
  baseUrl: srv.baseUrl,
  accounts: { shopper: SHOPPER, admin: TEST_ADMIN },
  async snapshot(): Promise<StoreSnapshot> {
    const f = await readStored();
    return snapshotOf(f.tables, f.uploads, f.problems);
  },
}));

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'threadline-fuzz-'));
  const pgAdminUrl = inject('pgAdminUrl');
  const databaseUrl = pgAdminUrl ? await createDatabase(pgAdminUrl) : undefined;
  srv = await startTestServer({ dataDir, databaseUrl, rateLimits: false });
  if (databaseUrl) db = await openPgTables(databaseUrl);
  const res = await fetch(`${srv.baseUrl}${API_BASE}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...SHOPPER, name: 'Fuzz Shopper', phone: '5550100000' }),
  });
  expect(res.status).toBe(201);
  await fuzzer.prepare();
});

afterAll(async () => {
  await db?.close();
  if (!closed) await srv.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('generated requests to the Koa server', () => {
  fuzzEveryEndpoint('koa', fuzzer);

  it('(e) the fuzzed folder opens again with every row and no quarantine', async () => {
    const before = await readStored();
    expect(snapshotOf(before.tables, [], before.problems).badRows).toEqual([]);
    const stored = storedCounts(before.tables);
    expect(stored).toEqual(liveCounts(srv.backend.core.deps.stores));
    const entries = srv.backend.core.deps.stores.activity.all().length;
    await srv.close(); // stops listening and releases the data-folder lock (backend.close)
    closed = true;
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const reopened = await openBackend({
      dataDir,
      databaseUrl: srv.databaseUrl,
      adminEmail: TEST_ADMIN.email,
      adminPassword: TEST_ADMIN.password,
      hasherCost: TEST_HASHER_COST,
      log,
      report: log,
    });
    try {
      expect(await quarantineFiles(dataDir)).toEqual([]);
      expect(lines).toEqual([]);
      expect(liveCounts(reopened.core.deps.stores)).toEqual(stored);
      expect(reopened.core.deps.stores.activity.all().length).toBe(entries);
    } finally {
      await reopened.close();
    }
  });
});
