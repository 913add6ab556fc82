/** Group commit in the shared Table: batching, acknowledgement only after the write, rollback of a batch. */
import { describe, expect, it } from 'vitest';
import type { PendingWrite } from './table';
import { createTable } from './table';

interface R {
  id: number;
  v: string;
}

function recordingTable(opts: { failWhen?: (w: PendingWrite<R>) => boolean } = {}) {
  const writes: Array<{ ids: number[]; release: () => void }> = [];
  const table = createTable<R>(
    { seq: 0, rows: [] },
    (w) =>
      new Promise<void>((resolve, reject) => {
        const ids = [...w.changes.keys()];
        writes.push({
          ids,
          release: () => (opts.failWhen?.(w) ? reject(new Error('EIO')) : resolve()),
        });
      }),
    'test',
    { onPersistError: () => undefined },
  );
  return { table, writes };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const add = (t: ReturnType<typeof recordingTable>['table'], v: string) =>
  t.change((_g, nextId) => ({ put: [{ id: nextId(), v }], result: v }));

describe('group commit', () => {
  it('changes made while a write is in flight go out together in the next write', async () => {
    const { table, writes } = recordingTable();
    const first = add(table, 'a');
    await tick();
    expect(writes).toHaveLength(1);
    const later = [add(table, 'b'), add(table, 'c'), add(table, 'd')];
    await tick();
    expect(writes).toHaveLength(1);
    writes[0]!.release();
    await first;
    await tick();
    expect(writes).toHaveLength(2);
    expect(writes[1]!.ids).toEqual([2, 3, 4]);
    writes[1]!.release();
    expect(await Promise.all(later)).toEqual(['b', 'c', 'd']);
    expect(table.all().map((r) => r.v)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('nothing is acknowledged or visible before its write has landed', async () => {
    const { table, writes } = recordingTable();
    let done = false;
    const p = add(table, 'a').then(() => (done = true));
    await tick();
    expect(done).toBe(false);
    expect(table.all()).toEqual([]);
    writes[0]!.release();
    await p;
    expect(table.get(1)).toEqual({ id: 1, v: 'a' });
  });

  it('a failed write rejects every change of its batch, keeps the ids, and the next batch works', async () => {
    const { table, writes } = recordingTable({ failWhen: (w) => w.get(2)?.v === 'b' });
    const a = add(table, 'a');
    await tick();
    const b = add(table, 'b');
    const c = add(table, 'c');
    writes[0]!.release();
    await a;
    await tick();
    writes[1]!.release();
    await expect(b).rejects.toMatchObject({ code: 'storage_unavailable' });
    await expect(c).rejects.toMatchObject({ code: 'storage_unavailable' });
    expect(table.all().map((r) => r.v)).toEqual(['a']);
    const d = add(table, 'd');
    await tick();
    writes[2]!.release();
    await d;
    expect(table.all()).toEqual([
      { id: 1, v: 'a' },
      { id: 2, v: 'd' },
    ]);
  });

  it('a change that throws fails alone; its batch mates land', async () => {
    const { table, writes } = recordingTable();
    const ok1 = add(table, 'x');
    const bad = table.change(() => {
      throw new Error('nope');
    });
    const ok2 = add(table, 'y');
    await tick();
    writes[0]!.release();
    await expect(bad).rejects.toThrow('nope');
    expect(await Promise.all([ok1, ok2])).toEqual(['x', 'y']);
    expect(writes[0]!.ids).toEqual([1, 2]);
  });

  it('subscribers hear each landed change with the previous values', async () => {
    const { table, writes } = recordingTable();
    const heard: Array<{ put: R[]; removed: R[] }> = [];
    table.subscribe((c) => heard.push({ put: [...c.put], removed: [...c.removed] }));
    const a = add(table, 'a');
    await tick();
    writes[0]!.release();
    await a;
    const b = table.change(() => ({ put: [{ id: 1, v: 'A' }], result: 0 }));
    await tick();
    writes[1]!.release();
    await b;
    expect(heard).toEqual([
      { put: [{ id: 1, v: 'a' }], removed: [] },
      { put: [{ id: 1, v: 'A' }], removed: [{ id: 1, v: 'a' }] },
    ]);
  });
});
