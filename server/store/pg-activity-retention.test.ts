/**
 * Issue 30 on PostgreSQL: ACTIVITY_RETENTION_DAYS deletes the activity rows older than the retention at
 * open (before the log is loaded) and each time compactActivity runs (index.ts: hourly). A cluster of its own.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { createActivity } from '#server/core/activity/log';
import { usePgCluster } from '#server/test/use-pg-cluster';
import type { PgStores } from './pg-store';
import { openPgStores } from './pg-store';
import { systemClock } from './system-clock';

const DAY = 86_400_000;
let stores: PgStores | undefined;
const cluster = usePgCluster(async () => {
  await stores?.close();
});
afterEach(async () => {
  vi.useRealTimers();
  await stores?.close();
  stores = undefined;
});

async function addEntry(s: PgStores, id: string, daysAgo: number): Promise<void> {
  await s.pool.query(
    `INSERT INTO activity (id, table_name, version, at, actor_id, actor_name, action, entity, entity_id, label, changes)
     VALUES ($1, 'products', 0, $2, 1, 'Admin', 'update', 'product', 1, $3, '[]')`,
    [id, new Date(Date.now() - daysAgo * DAY).toISOString(), `Tee ${id}`],
  );
}

const rowIds = async (s: PgStores) =>
  (await s.pool.query<{ id: string }>('SELECT id FROM activity ORDER BY id')).rows.map((r) => r.id);

it('drops the rows past the retention at open and on compaction, and keeps everything without it', async () => {
  const url = await cluster.createDatabase();
  stores = await openPgStores(url, { log: () => undefined });
  for (const [id, days] of [
    ['old-1', 400],
    ['old-2', 31],
    ['new-1', 10],
    ['new-2', 0],
  ] as const)
    await addEntry(stores, id, days);
  await stores.close();

  // Without retention nothing goes.
  stores = await openPgStores(url, { log: () => undefined });
  expect(await stores.compactActivity()).toBe(0);
  expect(await rowIds(stores)).toEqual(['new-1', 'new-2', 'old-1', 'old-2']);
  await stores.close();

  const lines: string[] = [];
  stores = await openPgStores(url, { log: (l) => lines.push(l), activityRetentionDays: 30 });
  expect(await rowIds(stores)).toEqual(['new-1', 'new-2']);
  expect(
    stores.activity
      .all()
      .map((e) => e.id)
      .sort(),
  ).toEqual(['new-1', 'new-2']);
  expect(lines).toContain('Activity retention: 2 entries older than 30 days dropped.');

  // An entry that aged past the retention while the shop ran goes at the next (hourly) compaction.
  await addEntry(stores, 'aged', 30.5);
  expect(await stores.compactActivity()).toBe(1);
  expect(await rowIds(stores)).toEqual(['new-1', 'new-2']);

  // 25 days on, new-1 is 35 days old: the compaction deletes its row and drops it from the log in memory,
  // the store's and the one the admin reads (the core's), without a restart.
  const activity = createActivity({ stores, clock: systemClock });
  const shown = () =>
    activity
      .page({ limit: 100 })
      .items.map((e) => e.id)
      .sort();
  expect(shown()).toEqual(['new-1', 'new-2']);
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * DAY });
  expect(await stores.compactActivity()).toBe(1);
  expect(await rowIds(stores)).toEqual(['new-2']);
  expect(stores.activity.all().map((e) => e.id)).toEqual(['new-2']);
  expect(shown()).toEqual(['new-2']);
});
