import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, SHIPPING } from '#tests/contract/client';
import type { TestServer } from '#server/test/test-server';
import { startTestServer, TEST_ADMIN } from '#server/test/test-server';
import { LIMITS } from '#contract/limits';
import { CorruptDataFileError, QUARANTINE_SUFFIX } from './lowdb-durable-file';
import { openLowdbStores } from './lowdb-store';
import { ROW_CHECK_MEMO, ROW_RULES_STAMP } from './row-check-memo';

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

  it('writes are group-committed to the journal and all land', async () => {
    const stores = await openLowdbStores(dir);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        stores.categories.mutate((rows, nextId) => ({
          rows: [...rows, { id: nextId(), name: `C${i}`, slug: `c${i}`, image: null }],
          result: undefined,
        })),
      ),
    );
    // categories.json is as the open left it; every category is in the journal's appended lines.
    expect(JSON.parse(await readFile(join(dir, 'categories.json'), 'utf8'))).toEqual({ seq: 0, rows: [] });
    const ops = (await readFile(join(dir, 'categories.journal'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .flatMap((line) => [JSON.parse(line) as unknown].flat() as Array<{ put?: { id: number } }>);
    expect(ops.map((op) => op.put?.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const reopened = await openLowdbStores(dir);
    expect(reopened.categories.all().map((c) => c.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // The reopen compacted: the snapshot holds them and the journal is empty.
    expect(JSON.parse(await readFile(join(dir, 'categories.json'), 'utf8'))).toMatchObject({ seq: 50 });
    expect(await readFile(join(dir, 'categories.journal'), 'utf8')).toBe('');
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

describe('the row rule', () => {
  const gown = (over: Record<string, unknown>) => ({
    id: 1,
    title: 'Gown',
    short_description: '',
    description: '',
    sku: 'G-1',
    featured_image: null,
    images: [],
    sale_price: null,
    regular_price: 10,
    category_ids: [],
    sizes: [],
    colors: [],
    collections: [],
    created_at: '2026-01-01T00:00:00.000Z',
    ...over,
  });

  it('at start, a row that breaks it is quarantined with its file and field, and the shop starts', async () => {
    const file = join(dir, 'products.json');
    const bad = gown({ id: 2, regular_price: 'cheap' });
    await writeFile(file, JSON.stringify({ seq: 2, rows: [gown({}), bad] }));
    const lines: string[] = [];
    const stores = await openLowdbStores(dir, { report: (l) => lines.push(l) });
    expect(stores.products.all().map((p) => p.id)).toEqual([1]);
    expect(lines.join('\n')).toMatch(/products\.json: row 2 cannot be loaded \(regular_price: /);
    const quarantined = (await readFile(`${file}${QUARANTINE_SUFFIX}`, 'utf8')).trim().split('\n');
    expect(quarantined).toHaveLength(1);
    expect(JSON.parse(quarantined[0]!)).toMatchObject({
      row: bad,
      fields: { regular_price: expect.any(String) },
    });
    // The file was rewritten without it: the next start quarantines nothing more.
    expect((JSON.parse(await readFile(file, 'utf8')) as { rows: unknown[] }).rows).toHaveLength(1);
    await openLowdbStores(dir, { report: (l) => lines.push(l) });
    expect(lines).toHaveLength(1);
    expect((await readFile(`${file}${QUARANTINE_SUFFIX}`, 'utf8')).trim().split('\n')).toHaveLength(1);
  });

  it('a start checks only files changed since the last start was known good (rows-checked.json)', async () => {
    const file = join(dir, 'products.json');
    await writeFile(file, JSON.stringify({ seq: 1, rows: [gown({})] }));
    await openLowdbStores(dir);
    const memo = JSON.parse(await readFile(join(dir, ROW_CHECK_MEMO), 'utf8')) as {
      stamp: string;
      files: Record<string, string>;
    };
    expect(memo.stamp).toBe(ROW_RULES_STAMP);
    expect(Object.keys(memo.files)).toContain('products.json');
    // A hand edit changes the file's identity: its rows are checked again and the bad one is caught.
    await writeFile(
      file,
      JSON.stringify({ seq: 2, rows: [gown({}), gown({ id: 2, regular_price: 'cheap' })] }),
    );
    const lines: string[] = [];
    expect(
      (await openLowdbStores(dir, { report: (l) => lines.push(l) })).products.all().map((p) => p.id),
    ).toEqual([1]);
    expect(lines).toHaveLength(1);
    // The same bad file under a memo that claims to know it is trusted: the skip is real...
    await writeFile(
      file,
      JSON.stringify({ seq: 2, rows: [gown({}), gown({ id: 2, regular_price: 'cheap' })] }),
    );
    const s = await stat(file, { bigint: true });
    const forged = { stamp: ROW_RULES_STAMP, files: { 'products.json': `${s.ino}:${s.size}:${s.mtimeNs}` } };
    await writeFile(join(dir, ROW_CHECK_MEMO), JSON.stringify(forged));
    expect(
      (await openLowdbStores(dir, { report: (l) => lines.push(l) })).products.all().map((p) => p.id),
    ).toEqual([1, 2]);
    // ...and rules that changed (another stamp) check every file again.
    await writeFile(join(dir, ROW_CHECK_MEMO), JSON.stringify({ ...forged, stamp: 'older rules' }));
    expect(
      (await openLowdbStores(dir, { report: (l) => lines.push(l) })).products.all().map((p) => p.id),
    ).toEqual([1]);
  });

  it('an order row over the limits in a shard is quarantined too', async () => {
    await mkdir(join(dir, 'orders'));
    const order = {
      id: 1,
      user_id: 1,
      name: 'A',
      email: 'a@b.c',
      total: 2_000_000,
      payment_method: 'cod',
      status: 'pending',
      created_at: '2026-01-01T00:00:00.000Z',
      shipping_address: '{}',
      status_history: [],
      items: [
        { id: 1001, product_id: 1, product_title: 'T', qty: 1, size: '', color: '', price: 1, size_id: null },
      ],
      idempotency_key: null,
    };
    await writeFile(join(dir, 'orders', '000001.json'), JSON.stringify({ seq: 1, rows: [order] }));
    const stores = await openLowdbStores(dir, { report: () => undefined });
    expect(stores.orders.all()).toEqual([]);
    expect(await readFile(join(dir, 'orders', `000001.json${QUARANTINE_SUFFIX}`), 'utf8')).toContain('total');
  });

  it('a write that would store a breaking row is a 400 and leaves the file as it was', async () => {
    const stores = await openLowdbStores(dir);
    await stores.products.change(() => ({ put: [gown({})], result: undefined }));
    const before = await readFile(join(dir, 'products.json'), 'utf8');
    const err = await stores.products
      .change(() => ({ put: [gown({ id: 2, title: 'x'.repeat(LIMITS.title + 1) })], result: undefined }))
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'validation_failed', fields: { title: expect.any(String) } });
    const viaMutate = await stores.products
      .mutate((rows) => ({ rows: [...rows, gown({ id: 3, regular_price: -1 })], result: undefined }))
      .catch((e: unknown) => e);
    expect(viaMutate).toMatchObject({ code: 'validation_failed' });
    expect(await readFile(join(dir, 'products.json'), 'utf8')).toBe(before);
    expect(stores.products.all()).toHaveLength(1);
  });
});
