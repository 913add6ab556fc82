/** Issue 30: ACTIVITY_RETENTION_DAYS drops old activity entries and compacts activity.journal. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredActivity } from '#server/core/records';
import { ACTIVITY_FILE } from './activity-archive';
import { openLowdbStores } from './lowdb-store';

const DAY = 86_400_000;
const NOW = Date.parse('2030-06-01T12:00:00.000Z');

const entry = (id: string, daysAgo: number): StoredActivity => ({
  id,
  at: new Date(NOW - daysAgo * DAY).toISOString(),
  actor: { id: 1, name: 'Admin' },
  action: 'update',
  entity: 'product',
  entity_id: 1,
  label: `Tee ${id}`,
  changes: [],
});

let dir: string;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  dir = await mkdtemp(join(tmpdir(), 'threadline-retention-'));
  const lines = [entry('old-1', 400), entry('old-2', 31), entry('new-1', 10), entry('new-2', 0)];
  await writeFile(join(dir, ACTIVITY_FILE), lines.map((e) => `${JSON.stringify(e)}\n`).join(''));
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

const ids = (list: readonly StoredActivity[]) => list.map((e) => e.id).sort();
const fileIds = async () =>
  (await readFile(join(dir, ACTIVITY_FILE), 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as StoredActivity).id)
    .sort();

describe('activity retention', () => {
  it('keeps every entry without a retention', async () => {
    const stores = await openLowdbStores(dir);
    expect(ids(stores.activity.all())).toEqual(['new-1', 'new-2', 'old-1', 'old-2']);
    expect(await stores.compactActivity()).toBe(0);
    expect(await fileIds()).toEqual(['new-1', 'new-2', 'old-1', 'old-2']);
  });

  it('drops the entries older than the retention at open, from the log and from the file', async () => {
    const stores = await openLowdbStores(dir, { activityRetentionDays: 30 });
    expect(ids(stores.activity.all())).toEqual(['new-1', 'new-2']);
    expect(await fileIds()).toEqual(['new-1', 'new-2']);
  });

  it('compacts the file as time passes, and the shop opens on what is left', async () => {
    const stores = await openLowdbStores(dir, { activityRetentionDays: 30 });
    vi.setSystemTime(NOW + 25 * DAY);
    expect(await stores.compactActivity()).toBe(1);
    expect(await fileIds()).toEqual(['new-2']);
    const again = await openLowdbStores(dir, { activityRetentionDays: 30 });
    expect(ids(again.activity.all())).toEqual(['new-2']);
  });
});
