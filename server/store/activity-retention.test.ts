/** Issue 30: ACTIVITY_RETENTION_DAYS drops old activity entries and compacts activity.journal. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredActivity } from '#server/core/records';
import { openTestBackend } from '#server/test/test-server';
import { ACTIVITY_FILE } from './activity-archive';
import { ACTIVITY_SWEEP_MS, sweepActivity } from './activity-sweep';
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

  it('drops what aged past it hourly while the shop runs: from the log the admin reads, the store and the file', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
    const lines: string[] = [];
    let swept: (() => void) | undefined;
    const backend = await openTestBackend({
      dataDir: dir,
      activityRetentionDays: 30,
      log: (line) => {
        lines.push(line);
        if (line.startsWith('Activity retention')) swept?.();
      },
    });
    const ours = (list: readonly StoredActivity[]) => ids(list.filter((e) => /^(old|new)-/.test(e.id)));
    const shown = () => ours(backend.core.activity.page({ limit: 100 }).items);
    expect(shown()).toEqual(['new-1', 'new-2']);

    // 25 days on, new-1 is 35 days old: the next hourly sweep drops it everywhere, without a restart.
    vi.setSystemTime(NOW + 25 * DAY);
    const done = new Promise<void>((resolve) => (swept = resolve));
    await vi.advanceTimersByTimeAsync(ACTIVITY_SWEEP_MS);
    await done;
    expect(lines).toContain('Activity retention: 1 entries older than 30 days dropped.');
    expect(shown()).toEqual(['new-2']);
    expect(ours(backend.core.deps.stores.activity.all())).toEqual(['new-2']);
    expect(await fileIds()).toEqual(['new-2']);

    // The sweep stops with the backend.
    expect(vi.getTimerCount()).toBe(1);
    await backend.close();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts no sweep without a retention', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
    const backend = await openTestBackend({ dataDir: dir });
    expect(vi.getTimerCount()).toBe(0);
    await backend.close();
  });
});

describe('the hourly activity sweep', () => {
  it('runs one sweep at a time, logs what went and what failed, and stops', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let finish: (n: number) => void = () => undefined;
    const compact = vi.fn(() => new Promise<number>((resolve) => (finish = resolve)));
    const log = vi.fn();
    const logError = vi.fn();
    const stop = sweepActivity(compact, { days: 7, log, logError });
    await vi.advanceTimersByTimeAsync(3 * ACTIVITY_SWEEP_MS);
    // Still running: the later hours do not start a second one.
    expect(compact).toHaveBeenCalledTimes(1);
    finish(3);
    await vi.advanceTimersByTimeAsync(ACTIVITY_SWEEP_MS);
    expect(log).toHaveBeenCalledWith('Activity retention: 3 entries older than 7 days dropped.');
    expect(compact).toHaveBeenCalledTimes(2);
    const broken = new Error('disk full');
    compact.mockImplementationOnce(() => Promise.reject(broken));
    finish(0);
    await vi.advanceTimersByTimeAsync(ACTIVITY_SWEEP_MS);
    expect(compact).toHaveBeenCalledTimes(3);
    expect(logError).toHaveBeenCalledWith(broken, 'Activity retention could not drop old activity entries');
    expect(log).toHaveBeenCalledTimes(1);
    stop();
    await vi.advanceTimersByTimeAsync(5 * ACTIVITY_SWEEP_MS);
    expect(compact).toHaveBeenCalledTimes(3);
  });
});
