import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, SHIPPING } from '../contract-suite/client';
import type { TestServer } from '../http/test-server';
import { startTestServer, TEST_ADMIN } from '../http/test-server';
import { CorruptDataFileError } from './lowdb-durable-file';
import { openLowdbStores } from './lowdb-store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'threadline-store-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('lowdb stores', () => {
  it('a corrupt data file stops the start, names the file and is left untouched', async () => {
    const file = join(dir, 'products.json');
    await writeFile(file, '{"seq": 3, "rows": [ {"id": 1, "tit');
    const before = await stat(file);
    const err = await openLowdbStores(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CorruptDataFileError);
    expect((err as Error).message).toContain(file);
    expect(await readFile(file, 'utf8')).toBe('{"seq": 3, "rows": [ {"id": 1, "tit');
    expect((await stat(file)).mtimeMs).toBe(before.mtimeMs);
  });

  it('a file with the wrong shape is corrupt too', async () => {
    await writeFile(join(dir, 'users.json'), '[1,2,3]');
    await expect(openLowdbStores(dir)).rejects.toThrow(/users\.json/);
  });

  it('writes are serialised per file and all land', async () => {
    const stores = await openLowdbStores(dir);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        stores.categories.mutate((rows, nextId) => ({
          rows: [...rows, { id: nextId(), name: `C${i}`, slug: `c${i}`, image: null }],
          result: undefined,
        })),
      ),
    );
    const onDisk = JSON.parse(await readFile(join(dir, 'categories.json'), 'utf8')) as {
      seq: number;
      rows: { id: number }[];
    };
    expect(onDisk.rows.map((r) => r.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(onDisk.seq).toBe(50);
    const reopened = await openLowdbStores(dir);
    expect(reopened.categories.all()).toHaveLength(50);
  });
});

describe('a failed write', () => {
  let srv: TestServer;
  let failing = false;
  afterEach(() => srv.close());

  it('answers 503 storage_unavailable, rolls the change back, and the next write works', async () => {
    srv = await startTestServer({
      beforeWrite: (file) => {
        if (failing && file.includes(`${sep}orders${sep}`)) throw new Error('EIO: simulated disk failure');
      },
    });
    const c = createClient(() => ({ baseUrl: srv.baseUrl, admin: TEST_ADMIN }));
    const s = await c.newShopper();
    const body = {
      cart: [{ productId: 2, qty: 1, selectedSize: '32', selectedColor: '#223355' }],
      shipping_address: SHIPPING,
      payment_method: 'cod',
    };
    failing = true;
    const r = await c.call('placeOrder', { token: s.token, body });
    expect(r.status).toBe(503);
    expect(r.body.code).toBe('storage_unavailable');
    expect(JSON.stringify(r.body)).not.toContain('EIO');
    expect(JSON.stringify(r.body)).not.toContain(srv.dataDir);
    expect((await c.call('myOrders', { token: s.token })).body).toEqual([]);
    failing = false;
    const ok = await c.call('placeOrder', { token: s.token, body });
    expect(ok.status).toBe(201);
    // The id the failed attempt would have taken was not burnt into the committed state.
    expect(ok.body.orderId).toBe(1);
    const onDisk = JSON.parse(await readFile(join(srv.dataDir, 'orders', '000001.json'), 'utf8')) as {
      rows: { id: number }[];
    };
    expect(onDisk.rows.map((o) => o.id)).toEqual([1]);
  });
});

describe('row checks at start', () => {
  it('a row that breaks its schema is reported with the file and the field', async () => {
    const row = { id: 1, title: 'T', regular_price: 'cheap' };
    await writeFile(join(dir, 'products.json'), JSON.stringify({ seq: 1, rows: [row] }));
    await expect(openLowdbStores(dir)).rejects.toThrow(/products\.json.*rows\.0\./);
  });
});
